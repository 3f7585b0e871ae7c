import { inArray } from 'drizzle-orm';
import type { Brand, Locale } from '../../../../brands/types.ts';
import { createTranslator, isMessageKey, type Translate } from '../../../i18n/index.ts';
import { requireRole, type Viewer } from '../../auth/viewer.ts';
import { getConfig } from '../../config.ts';
import type { Database } from '../../db/index.ts';
import { resumeFacetFields, resumes, type ResumeFacetField } from '../../db/schema/resumes.ts';
import { searchWith, type SearchResult } from '../../search/engine.ts';
import { FacetSelection } from '../../search/facets.ts';
import { locationFilterOf } from '../../search/location-filter.ts';
import { resumeSearchRequestSchema, type ResumeSearchRequest } from '../../search/resume-search-request.ts';
import { indexResumeEngine } from '../../search/resume-index.ts';
import { sqlResumeEngine } from '../../search/sql-resume-engine.ts';
import { buildTextQuery } from '../../search/text-query.ts';
import { parseInput } from '../../validation.ts';
import { requireResumesEnabled } from './resume-access.ts';

/** What a recruiter sees of a resume in the results: anonymised (SPEC 2), never a private field or the e-mail. */
export interface ResumeTeaser {
  id: number;
  title: string | null;
  desiredOccupation: string | null;
  region: string | null;
  careerStatus: string | null;
  skills: string[];
  languages: string[];
  /** The latest work experience's job title. */
  latestJobTitle: string | null;
  experienceEntries: number;
  updatedAt: Date;
  distanceKm: number | null;
}

/** Facet values that are codes (career status, languages) get their label in the request's language. */
function labelOf(field: ResumeFacetField, value: string, t: Translate): string {
  const key =
    field === 'languages' ? `resume.lang.${value}` : field === 'careerStatus' ? `resume.value.${value}` : null;
  return key && isMessageKey(key) ? t(key) : value;
}

/**
 * searchResumes: the resume search for recruiters and staff (issue 17): full text over titles, desired
 * occupation, experience and skills; the facets of SPEC 3; a place with a radius (default 100 km); 10 per
 * page; visible resumes of the brand only. The hits are read from `resumes` alone (public sections).
 */
export async function searchResumes(options: {
  db: Database;
  viewer: Viewer;
  brand: Brand;
  locale: Locale;
  input: unknown;
  engine?: 'auto' | 'index' | 'database';
}): Promise<SearchResult<ResumeTeaser, ResumeFacetField> & { unknownPlace: boolean }> {
  const { db, viewer, brand, locale } = options;
  requireResumesEnabled(brand, locale);
  requireRole(viewer, 'recruiter');
  const request = parseInput(resumeSearchRequestSchema(brand), options.input ?? {}, { locale });
  const result = await findResumes({ db, brand, locale, request, engine: options.engine });
  return { ...result, unknownPlace: request.unknownPlace };
}

/**
 * The search itself, for a checked request and no viewer (searchResumes checks the viewer; a resume alert's
 * digest runs its saved search with `shown`, the window of resumes newly shown to recruiters, newest first).
 */
export async function findResumes(options: {
  db: Database;
  brand: Brand;
  locale: Locale;
  request: ResumeSearchRequest;
  shown?: { after: Date; until: Date };
  /** 'auto': the in-memory index while it is current, else the database; tests and benchmarks name one. */
  engine?: 'auto' | 'index' | 'database';
}): Promise<SearchResult<ResumeTeaser, ResumeFacetField>> {
  const { db, brand, locale, request } = options;
  const text = request.search ? await buildTextQuery(db, request.search) : null;
  const engine = options.engine ?? 'auto';
  const database = sqlResumeEngine(db);
  const index = indexResumeEngine(db, {
    wait: engine === 'index',
    maxResumes: getConfig().SEARCH_INDEX_MAX_RESUMES,
  });
  const result = await searchWith(engine === 'database' ? [database] : [index, database], {
    filter: { brandId: brand.id, text, location: locationFilterOf(request.location), shown: options.shown ?? null },
    facets: new FacetSelection(resumeFacetFields, request.facets),
    byRank: text !== null && !options.shown,
    page: request.page,
    pageSize: request.pageSize,
    locale,
    facetValueLimit: brand.constants.facets.limit,
  });
  const ids = result.items.map((item) => item.resumeId);
  const rows =
    ids.length === 0
      ? []
      : await db
          .select({
            id: resumes.id,
            title: resumes.title,
            region: resumes.region,
            jobPreferences: resumes.jobPreferences,
            workExperience: resumes.workExperience,
            languages: resumes.languages,
            skills: resumes.skills,
            updatedAt: resumes.updatedAt,
          })
          .from(resumes)
          .where(inArray(resumes.id, ids));
  const byId = new Map(rows.map((row) => [row.id, row]));
  const t = createTranslator(locale);
  const items = result.items.flatMap((hit): ResumeTeaser[] => {
    const row = byId.get(hit.resumeId);
    if (!row) return [];
    const latest = row.workExperience.at(-1);
    return [
      {
        id: row.id,
        title: row.title,
        desiredOccupation: row.jobPreferences?.desiredOccupation ?? null,
        region: row.region,
        careerStatus: row.jobPreferences?.careerStatus
          ? labelOf('careerStatus', row.jobPreferences.careerStatus, t)
          : null,
        skills: (row.skills?.skills ?? []).slice(0, 10),
        languages: (row.languages?.languages ?? []).map((code) => labelOf('languages', code, t)),
        latestJobTitle: latest?.jobTitle ?? null,
        experienceEntries: row.workExperience.length,
        updatedAt: row.updatedAt,
        distanceKm: hit.distanceKm,
      },
    ];
  });
  const facets = result.facets.map((facet) => ({
    ...facet,
    values: facet.values.map((value) => ({ ...value, label: labelOf(facet.field, value.label, t) })),
  }));
  return { ...result, items, facets };
}
