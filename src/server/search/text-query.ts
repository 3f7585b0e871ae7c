/**
 * Full-text matching and ranking of jobs, in the job's own text search configuration.
 *
 * A word matches a job when
 * - its stemmed form is in the search vector (German "Pflegerin" → 'pfleg'), or
 * - a word of the vector starts with it ('pflege':* finds "Pflegefachkraft", 'kranken':* "Krankenpfleger":
 *   German stemming does not split compounds), or
 * - the title contains it (lower(title) LIKE '%pflege%' finds "Altenpflegerin"; the trigram index serves it).
 *
 * The stems come from PostgreSQL (one small statement per new word, then from a cache), so that query and
 * documents are normalised by the same dictionaries. Jobs in English and French match with their own
 * configuration (see `positiveCondition`).
 *
 * Ranking (see search-jobs.ts): the share of the words found in the title first, ts_rank with the
 * weights title A, organization B, skills C, description D within.
 */
import { sql, type SQL } from 'drizzle-orm';
import type { Database } from '../db/index.ts';
import { textSearchConfigs, type TextSearchConfig } from '../db/schema/columns.ts';
import { parseSearchText, type SearchTerm } from './search-text.ts';

type PerConfig = Record<TextSearchConfig, string | null>;

interface AnalyzedTerm {
  term: SearchTerm;
  /** The stemmed term (a phrase query for phrases); null where the configuration drops it (stop word). */
  exact: PerConfig;
  /** `exact`, or a word of the vector starting with the term. */
  match: PerConfig;
  /** LIKE pattern for lower(title), for terms of three or more characters (trigrams need three). */
  titlePattern: string | null;
  /** The same as plain lower-case text, for the in-memory index (job-index.ts). */
  titleText: string | null;
  /**
   * For the in-memory index: per configuration the lexemes that must all be in a job's vector (null
   * where the configuration drops the term), and the prefix any lexeme may start with instead. Phrases
   * need word positions, which the index does not keep: their searches run in the database.
   */
  lexemes: Record<TextSearchConfig, string[] | null>;
  prefix: Record<TextSearchConfig, string | null>;
}

export interface TextQuery {
  /** Alternatives (OR) of terms that must all match. */
  groups: AnalyzedTerm[][];
}

/** Weights of ts_rank for D, C, B, A: description 0.1, skills 0.2, organization 0.4, title 1. */
const rankWeights = '{0.1,0.2,0.4,1.0}';

/** Per configuration: the lexemes of a word, or the phrase query text of a phrase ('' when empty). */
type Analysis = Record<TextSearchConfig, string[] | string>;

const analysisCache = new Map<string, Analysis>();
const analysisCacheSize = 5000;

function cacheKey(term: SearchTerm): string {
  return `${term.phrase ? 'p' : 'w'}:${term.text.toLowerCase()}`;
}

/** Looks up the stems of the terms not in the cache, in one statement. */
async function analyze(db: Database, terms: readonly SearchTerm[]): Promise<Map<string, Analysis>> {
  const result = new Map<string, Analysis>();
  const missing = new Map<string, SearchTerm>();
  for (const term of terms) {
    const key = cacheKey(term);
    const cached = analysisCache.get(key);
    if (cached) result.set(key, cached);
    else missing.set(key, term);
  }
  if (missing.size === 0) return result;
  const values = [...missing].map(([key, term]) => sql`(${key}, ${term.text}, ${term.phrase}::boolean)`);
  const rows = await db.execute<{
    key: string;
    config: TextSearchConfig;
    lexemes: string[] | null;
    phrase: string | null;
  }>(sql`
    select t.key, c.config,
      case when not t.phrase then tsvector_to_array(to_tsvector(c.config::regconfig, t.text)) end as lexemes,
      -- phraseto_tsquery raises a notice for stop words only; the vector check keeps it quiet.
      case when t.phrase and to_tsvector(c.config::regconfig, t.text) <> ''::tsvector
        then phraseto_tsquery(c.config::regconfig, t.text)::text end as phrase
    from (values ${sql.join(values, sql`, `)}) as t(key, text, phrase)
    cross join (values ('german'), ('english'), ('french')) as c(config)`);
  for (const [key, term] of missing) {
    const analysis = {} as Analysis;
    for (const config of textSearchConfigs) {
      const row = rows.rows.find((candidate) => candidate.key === key && candidate.config === config);
      analysis[config] = term.phrase ? (row?.phrase ?? '') : (row?.lexemes ?? []);
    }
    if (analysisCache.size >= analysisCacheSize) {
      const oldest = analysisCache.keys().next().value;
      if (oldest !== undefined) analysisCache.delete(oldest);
    }
    analysisCache.set(key, analysis);
    result.set(key, analysis);
  }
  return result;
}

function quoteLexeme(lexeme: string): string {
  return `'${lexeme.replaceAll('\\', '\\\\').replaceAll("'", "''")}'`;
}

/** The German stemmer folds umlauts and ß; a prefix must be folded the same way to meet the stems. */
function foldGerman(word: string): string {
  return word.replaceAll('ä', 'a').replaceAll('ö', 'o').replaceAll('ü', 'u').replaceAll('ß', 'ss');
}

export function escapeLike(text: string): string {
  return text.replace(/[\\%_]/g, (character) => `\\${character}`);
}

function analyzeTerm(term: SearchTerm, analysis: Analysis): AnalyzedTerm {
  const exact = {} as PerConfig;
  const match = {} as PerConfig;
  const lexemes = {} as Record<TextSearchConfig, string[] | null>;
  const prefixes = {} as PerConfig;
  const lower = term.text.toLowerCase();
  for (const config of textSearchConfigs) {
    const value = analysis[config];
    prefixes[config] = null;
    if (typeof value === 'string') {
      exact[config] = value === '' ? null : value;
      match[config] = exact[config];
      lexemes[config] = null;
      continue;
    }
    if (value.length === 0) {
      exact[config] = null;
      match[config] = null;
      lexemes[config] = null;
      continue;
    }
    lexemes[config] = value;
    const stemmed = value.map(quoteLexeme).join(' & ');
    exact[config] = value.length > 1 ? `(${stemmed})` : stemmed;
    // Prefixes only for plain words of three or more letters: "IT" or "m/w/d" stay exact.
    const prefix = config === 'german' ? foldGerman(lower) : lower;
    if (/^[\p{L}\p{N}]{3,}$/u.test(lower) && !value.includes(prefix)) prefixes[config] = prefix;
    match[config] = prefixes[config] === null ? exact[config] : `(${exact[config]} | ${quoteLexeme(prefix)}:*)`;
  }
  const long = [...lower].length >= 3;
  return {
    term,
    exact,
    match,
    titlePattern: long ? `%${escapeLike(lower)}%` : null,
    titleText: long ? lower : null,
    lexemes,
    prefix: prefixes,
  };
}

/**
 * Parses and analyses the keyword search; null when nothing searchable is left (empty input, or stop
 * words only), which means no text condition at all.
 */
export async function buildTextQuery(db: Database, input: string): Promise<TextQuery | null> {
  const parsed = parseSearchText(input);
  const analyses = await analyze(db, parsed.flat());
  const groups = parsed
    .map((group) =>
      group
        .map((term) => analyzeTerm(term, analyses.get(cacheKey(term)) ?? { german: [], english: [], french: [] }))
        // A term no configuration keeps (a stop word everywhere) does not restrict the search.
        .filter((term) => textSearchConfigs.some((config) => term.exact[config] !== null)),
    )
    .filter((group) => group.some((term) => !term.term.negated));
  return groups.length > 0 ? { groups } : null;
}

const configLiteral = (config: TextSearchConfig) => sql.raw(`'${config}'::regconfig`);

/**
 * Where an entity keeps what a text query reads: its search vector, the vector's text search
 * configuration and the lower-case title (the name of an organization), as SQL over the entity's alias.
 */
export interface TextColumns {
  vector: SQL;
  config: SQL;
  title: SQL;
}

/** The columns of `jobs j`. */
export const jobTextColumns: TextColumns = {
  vector: sql.raw('j.search_vector'),
  config: sql.raw('j.search_config'),
  title: sql.raw('lower(j.title)'),
};

/** `search_vector @@ …` for a job of `config`, or `whenMissing` where the configuration drops the term. */
function configMatch(c: TextColumns, queries: PerConfig, config: TextSearchConfig, whenMissing: boolean): SQL {
  const query = queries[config];
  return query === null ? sql.raw(String(whenMissing)) : sql`${c.vector} @@ ${query}::tsquery`;
}

/**
 * A positive term. The first part is what the indexes answer (trigram on the title, GIN on the vector
 * with the union of the three configurations' queries); written exactly like the bitmap condition, the
 * planner does not evaluate it again per row – which would decompress every candidate's vector, the most
 * expensive step of a search.
 *
 * The second part keeps English and French jobs to their own configuration's query. German jobs (nine in
 * ten) pass it without reading the vector: a German vector holding the English or French stem of a word
 * but not its German one is far-fetched.
 */
function positiveCondition(c: TextColumns, term: AnalyzedTerm): SQL[] {
  const { match, titlePattern } = term;
  const title = titlePattern ? sql`${c.title} like ${titlePattern}` : null;
  const either = (vector: SQL) => (title ? sql`(${title} or ${vector})` : vector);
  const present = [...new Set(textSearchConfigs.flatMap((config) => (match[config] === null ? [] : [match[config]])))];
  if (present.length === 1 && textSearchConfigs.every((config) => match[config] !== null)) {
    return [either(sql`${c.vector} @@ ${present[0]}::tsquery`)];
  }
  const others = sql`case ${c.config}
    when ${configLiteral('english')} then ${configMatch(c, match, 'english', true)}
    when ${configLiteral('french')} then ${configMatch(c, match, 'french', true)}
    else false end`;
  if (match.german === null) {
    // A German stop word ("für", "in"): German jobs are not restricted by it; the others are.
    return [sql`(${c.config} = ${configLiteral('german')} or ${either(others)})`];
  }
  const union = present.map((query) => `(${query})`).join(' | ');
  return [
    either(sql`${c.vector} @@ ${union}::tsquery`),
    sql`(${c.config} = ${configLiteral('german')} or ${either(others)})`,
  ];
}

/** An excluded term (-word): the stemmed word in the job's own configuration. */
function negatedCondition(c: TextColumns, term: AnalyzedTerm): SQL {
  return sql`not (case ${c.config} ${sql.join(
    textSearchConfigs.map(
      (config) => sql`when ${configLiteral(config)} then ${configMatch(c, term.exact, config, false)}`,
    ),
    sql` `,
  )} else false end)`;
}

/** The WHERE condition of a text query over an entity's text columns (those of `jobs j` by default). */
export function textCondition(query: TextQuery, c: TextColumns = jobTextColumns): SQL {
  const groups = query.groups.map((group) => {
    const parts = group.flatMap((term) =>
      term.term.negated ? [negatedCondition(c, term)] : positiveCondition(c, term),
    );
    return sql`(${sql.join(parts, sql` and `)})`;
  });
  return groups.length === 1 ? (groups[0] as SQL) : sql`(${sql.join(groups, sql` or `)})`;
}

function positiveTerms(query: TextQuery): AnalyzedTerm[] {
  return query.groups.flat().filter((term) => !term.term.negated);
}

/**
 * Share of the search words found in the title (0 to 1): a title hit, compounds included ("pflege" in
 * "Altenpflegerin", which the vector cannot see), ranks above any hit in the description alone. Reads
 * only the title, so it is cheap for every candidate.
 */
export function titleScoreExpression(query: TextQuery, c: TextColumns = jobTextColumns): SQL {
  const positive = positiveTerms(query);
  const patterns = positive.flatMap((term) => (term.titlePattern ? [term.titlePattern] : []));
  if (patterns.length === 0) return sql`0::float8`;
  const hits = sql.join(
    patterns.map((pattern) => sql`(case when ${c.title} like ${pattern} then 1 else 0 end)`),
    sql` + `,
  );
  return sql`((${hits})::float8 / ${positive.length}::float8)`;
}

/**
 * ts_rank of a job with title (A) above organization (B) above skills (C) above description (D), in the
 * job's own configuration. Reads the search vector: only for the few rows that can reach the page.
 */
export function vectorRankExpression(query: TextQuery, c: TextColumns = jobTextColumns): SQL {
  const positive = positiveTerms(query);
  const perConfig = {} as PerConfig;
  for (const config of textSearchConfigs) {
    const parts = [...new Set(positive.flatMap((term) => (term.match[config] ? [term.match[config]] : [])))];
    perConfig[config] = parts.length > 0 ? parts.join(' | ') : null;
  }
  const values = textSearchConfigs.map((config) => perConfig[config]);
  const [first] = values;
  if (first && values.every((value) => value === first)) {
    return sql`ts_rank(${rankWeights}::float4[], ${c.vector}, ${first}::tsquery)::float8`;
  }
  return sql`(case ${c.config} ${sql.join(
    textSearchConfigs.map((config) => {
      const value = perConfig[config];
      return value === null
        ? sql`when ${configLiteral(config)} then 0`
        : sql`when ${configLiteral(config)} then ts_rank(${rankWeights}::float4[], ${c.vector}, ${value}::tsquery)`;
    }),
    sql` `,
  )} else 0 end)::float8`;
}
