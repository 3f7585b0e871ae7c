/**
 * A strict XML parser and a validator for the part of XML Schema 1.0 the bundled sitemaps.org schemas use
 * (tests/fixtures/sitemaps): global elements, named and inline complex types with a sequence of elements
 * and `any` wildcards (##other, strict/lax), attributes (required, fixed), simple types restricting the
 * built-ins string, anyURI, decimal, date and dateTime by length, enumeration, pattern and bounds, and unions.
 * No validator is installed, so this reads the schema files themselves instead of restating their rules;
 * anything else in a schema is refused rather than ignored.
 */
import { readFileSync } from 'node:fs';

export interface XmlElement {
  /** Namespace URI ('' when none). */
  ns: string;
  local: string;
  attributes: { ns: string; local: string; value: string }[];
  children: XmlElement[];
  text: string;
}

const xmlnsUri = 'http://www.w3.org/2000/xmlns/';
const xmlUri = 'http://www.w3.org/XML/1998/namespace';
const nameChars = '[A-Za-z_][A-Za-z0-9._-]*';
const qName = new RegExp(`^(?:(${nameChars}):)?(${nameChars})$`);

function decode(text: string, where: string): string {
  return text.replace(/&([^;]*);?/g, (match, entity: string) => {
    if (!match.endsWith(';')) throw new Error(`bare & in ${where}`);
    const named: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'" };
    if (entity in named) return named[entity]!;
    const numeric = /^#(?:x([0-9a-fA-F]+)|([0-9]+))$/.exec(entity);
    if (!numeric) throw new Error(`unknown entity &${entity}; in ${where}`);
    return String.fromCodePoint(numeric[1] ? parseInt(numeric[1], 16) : Number(numeric[2]));
  });
}

/** Parses a well-formed XML document (no DTD), resolving namespaces; throws on anything malformed. */
export function parseXml(source: string): XmlElement {
  let position = 0;
  const rest = () => source.slice(position);
  const fail = (message: string): never => {
    throw new Error(`${message} at offset ${position}: ${JSON.stringify(source.slice(position, position + 40))}`);
  };
  const skipMisc = () => {
    for (;;) {
      const whitespace = /^\s+/.exec(rest());
      if (whitespace) position += whitespace[0].length;
      if (rest().startsWith('<?')) {
        const end = source.indexOf('?>', position);
        if (end < 0) fail('unterminated processing instruction');
        const target = /^<\?([A-Za-z_][\w.-]*)/.exec(rest())?.[1] ?? fail('processing instruction without target');
        if (target.toLowerCase() === 'xml' && position !== 0) fail('XML declaration not at the start');
        position = end + 2;
      } else if (rest().startsWith('<!--')) {
        const end = source.indexOf('-->', position);
        if (end < 0) fail('unterminated comment');
        position = end + 3;
      } else if (rest().startsWith('<!')) {
        fail('DTDs are not accepted');
      } else return;
    }
  };

  const element = (scope: Map<string, string>): XmlElement => {
    const open = new RegExp(`^<(${nameChars}(?::${nameChars})?)`).exec(rest()) ?? fail('expected an element');
    position += open[0].length;
    const raw: [string, string][] = [];
    for (;;) {
      const attribute = new RegExp(`^\\s+(${nameChars}(?::${nameChars})?)\\s*=\\s*("([^"<]*)"|'([^'<]*)')`).exec(
        rest(),
      );
      if (!attribute) break;
      if (raw.some(([name]) => name === attribute[1])) fail(`duplicate attribute ${attribute[1]}`);
      raw.push([attribute[1]!, decode(attribute[3] ?? attribute[4] ?? '', 'an attribute')]);
      position += attribute[0].length;
    }
    const close = /^\s*(\/?)>/.exec(rest()) ?? fail('malformed start tag');
    position += close[0].length;
    const inner = new Map(scope);
    for (const [name, value] of raw) {
      if (name === 'xmlns') inner.set('', value);
      else if (name.startsWith('xmlns:')) inner.set(name.slice(6), value);
    }
    const resolve = (name: string, isAttribute: boolean) => {
      const [, prefix, local] = qName.exec(name) ?? fail(`bad name ${name}`);
      if (prefix === 'xmlns' || (!prefix && local === 'xmlns')) return { ns: xmlnsUri, local: local! };
      if (prefix === 'xml') return { ns: xmlUri, local: local! };
      if (prefix === undefined) return { ns: isAttribute ? '' : (inner.get('') ?? ''), local: local! };
      const ns = inner.get(prefix);
      if (ns === undefined) fail(`undeclared prefix ${prefix}`);
      return { ns: ns!, local: local! };
    };
    const name = resolve(open[1]!, false);
    const node: XmlElement = {
      ...name,
      attributes: raw.map(([attributeName, value]) => ({ ...resolve(attributeName, true), value })),
      children: [],
      text: '',
    };
    if (close[1] === '/') return node;
    for (;;) {
      const text = /^[^<]*/.exec(rest())![0];
      if (text.includes(']]>')) fail(']]> in text');
      node.text += decode(text, 'text');
      position += text.length;
      if (position >= source.length) fail(`unclosed <${open[1]}>`);
      if (rest().startsWith('</')) {
        const end = new RegExp(`^</(${nameChars}(?::${nameChars})?)\\s*>`).exec(rest()) ?? fail('malformed end tag');
        if (end[1] !== open[1]) fail(`</${end[1]}> closes <${open[1]}>`);
        position += end[0].length;
        return node;
      }
      if (rest().startsWith('<!--')) {
        const endComment = source.indexOf('-->', position);
        if (endComment < 0) fail('unterminated comment');
        position = endComment + 3;
      } else if (rest().startsWith('<![CDATA[')) {
        const endData = source.indexOf(']]>', position);
        if (endData < 0) fail('unterminated CDATA');
        node.text += source.slice(position + 9, endData);
        position = endData + 3;
      } else if (rest().startsWith('<?')) {
        const endInstruction = source.indexOf('?>', position);
        position = endInstruction < 0 ? fail('unterminated processing instruction') : endInstruction + 2;
      } else node.children.push(element(inner));
    }
  };

  if (source.charCodeAt(0) === 0xfeff) position = 1;
  skipMisc();
  const root = element(new Map());
  skipMisc();
  if (position !== source.length) fail('content after the root element');
  return root;
}

// ---------------------------------------------------------------------------------------------------------

const xsd = 'http://www.w3.org/2001/XMLSchema';

interface Schema {
  targetNamespace: string;
  elements: Map<string, XmlElement>;
  complexTypes: Map<string, XmlElement>;
  simpleTypes: Map<string, XmlElement>;
}

const attributeOf = (node: XmlElement, local: string): string | undefined =>
  node.attributes.find((attribute) => attribute.ns === '' && attribute.local === local)?.value;
const xsdChildren = (node: XmlElement, local?: string) =>
  node.children.filter((child) => child.ns === xsd && (local === undefined || child.local === local));

const dateTail = '(Z|[+-](0\\d|1[0-4]):[0-5]\\d)?';
const dateCore = '-?\\d{4,}-(0[1-9]|1[0-2])-(0[1-9]|[12]\\d|3[01])';
const builtins: Record<string, (value: string) => boolean> = {
  string: () => true,
  anyURI: (value) => !/[\s<>"{}|\\^`]/.test(value),
  decimal: (value) => /^[+-]?(\d+(\.\d*)?|\.\d+)$/.test(value),
  date: (value) => new RegExp(`^${dateCore}${dateTail}$`).test(value),
  dateTime: (value) =>
    new RegExp(`^${dateCore}T(([01]\\d|2[0-3]):[0-5]\\d:[0-5]\\d(\\.\\d+)?|24:00:00(\\.0+)?)${dateTail}$`).test(value),
};

export class SchemaSet {
  readonly #schemas = new Map<string, Schema>();

  constructor(files: readonly string[]) {
    for (const file of files) {
      const root = parseXml(readFileSync(file, 'utf8'));
      if (root.ns !== xsd || root.local !== 'schema') throw new Error(`${file} is no XML schema`);
      if (attributeOf(root, 'elementFormDefault') !== 'qualified') throw new Error('only qualified local elements');
      const targetNamespace = attributeOf(root, 'targetNamespace') ?? '';
      // Schema documents of one namespace (sitemap.xsd and siteindex.xsd) form one schema.
      const schema: Schema = this.#schemas.get(targetNamespace) ?? {
        targetNamespace,
        elements: new Map(),
        complexTypes: new Map(),
        simpleTypes: new Map(),
      };
      for (const child of root.children) {
        const name = attributeOf(child, 'name') ?? '';
        if (child.local === 'element') schema.elements.set(name, child);
        else if (child.local === 'complexType') schema.complexTypes.set(name, child);
        else if (child.local === 'simpleType') schema.simpleTypes.set(name, child);
        else throw new Error(`unsupported schema part <${child.local}>`);
        if (name === '') {
          throw new Error(`unnamed global <${child.local}> in ${file}`);
        }
      }
      this.#schemas.set(schema.targetNamespace, schema);
    }
  }

  /** Every problem of a document against the loaded schemas ([] when it is valid). */
  validate(document: XmlElement): string[] {
    const errors: string[] = [];
    const declaration = this.#schemas.get(document.ns)?.elements.get(document.local);
    if (!declaration) return [`no global declaration of {${document.ns}}${document.local}`];
    this.#element(document, declaration, this.#schemas.get(document.ns)!, `/${document.local}`, errors);
    return errors;
  }

  #element(node: XmlElement, declaration: XmlElement, schema: Schema, path: string, errors: string[]): void {
    const typeName = attributeOf(declaration, 'type');
    if (typeName) {
      const [prefix, local] = typeName.includes(':') ? typeName.split(':') : ['', typeName];
      if (prefix === 'xsd' || prefix === 'xs')
        return this.#simpleContent(node, { builtin: local! }, schema, path, errors);
      const complex = schema.complexTypes.get(local!);
      if (complex) return this.#complex(node, complex, schema, path, errors);
      const simple = schema.simpleTypes.get(local!);
      if (simple) return this.#simpleContent(node, { type: simple }, schema, path, errors);
      errors.push(`${path}: unknown type ${typeName}`);
      return;
    }
    const [complex] = xsdChildren(declaration, 'complexType');
    if (complex) return this.#complex(node, complex, schema, path, errors);
    const [simple] = xsdChildren(declaration, 'simpleType');
    if (simple) return this.#simpleContent(node, { type: simple }, schema, path, errors);
    errors.push(`${path}: declaration without a type`);
  }

  #simpleContent(
    node: XmlElement,
    type: { builtin: string } | { type: XmlElement },
    schema: Schema,
    path: string,
    errors: string[],
  ): void {
    if (node.children.length > 0) errors.push(`${path}: element content where text is expected`);
    const unexpected = node.attributes.filter((attribute) => attribute.ns !== xmlnsUri);
    if (unexpected.length > 0) errors.push(`${path}: unexpected attributes`);
    const problem =
      'builtin' in type ? this.#builtin(type.builtin, node.text) : this.#simple(type.type, node.text, schema);
    if (problem) errors.push(`${path}: ${problem}`);
  }

  #builtin(name: string, value: string): string | null {
    const check = builtins[name];
    if (!check) return `unsupported built-in type ${name}`;
    const collapsed = name === 'string' ? value : value.trim();
    return check(collapsed) ? null : `${JSON.stringify(value)} is no xsd:${name}`;
  }

  /** Null when `value` is valid for the simple type, else why not. */
  #simple(type: XmlElement, value: string, schema: Schema): string | null {
    const [restriction] = xsdChildren(type, 'restriction');
    const [union] = xsdChildren(type, 'union');
    if (union) {
      const members = xsdChildren(union, 'simpleType');
      const problems = members.map((member) => this.#simple(member, value, schema));
      return problems.some((problem) => problem === null) ? null : `${JSON.stringify(value)} fits no member of a union`;
    }
    if (!restriction) return 'unsupported simple type';
    const base = attributeOf(restriction, 'base') ?? '';
    const baseLocal = base.split(':').at(-1)!;
    const trimmed = baseLocal === 'string' ? value : value.trim();
    const named = schema.simpleTypes.get(baseLocal);
    const baseProblem =
      named && !base.startsWith('xsd:') ? this.#simple(named, value, schema) : this.#builtin(baseLocal, value);
    if (baseProblem) return baseProblem;
    const enumerations: string[] = [];
    const patterns: string[] = [];
    for (const facet of xsdChildren(restriction)) {
      const facetValue = attributeOf(facet, 'value') ?? '';
      switch (facet.local) {
        case 'minLength':
          if ([...trimmed].length < Number(facetValue)) return `${JSON.stringify(value)} is shorter than ${facetValue}`;
          break;
        case 'maxLength':
          if ([...trimmed].length > Number(facetValue)) return `${JSON.stringify(value)} is longer than ${facetValue}`;
          break;
        case 'minInclusive':
          if (Number(trimmed) < Number(facetValue)) return `${value} is below ${facetValue}`;
          break;
        case 'maxInclusive':
          if (Number(trimmed) > Number(facetValue)) return `${value} is above ${facetValue}`;
          break;
        case 'enumeration':
          enumerations.push(facetValue);
          break;
        case 'pattern':
          patterns.push(facetValue);
          break;
        default:
          return `unsupported facet ${facet.local}`;
      }
    }
    if (enumerations.length > 0 && !enumerations.includes(trimmed)) return `${JSON.stringify(value)} is not enumerated`;
    if (patterns.length > 0 && !patterns.some((pattern) => new RegExp(`^(?:${pattern})$`, 'u').test(trimmed))) {
      return `${JSON.stringify(value)} does not match the pattern`;
    }
    return null;
  }

  #complex(node: XmlElement, type: XmlElement, schema: Schema, path: string, errors: string[]): void {
    if (node.text.trim() !== '') errors.push(`${path}: text in element-only content`);
    this.#attributes(node, xsdChildren(type, 'attribute'), schema, path, errors);
    const [sequence] = xsdChildren(type, 'sequence');
    const particles = sequence ? xsdChildren(sequence) : [];
    let index = 0;
    for (const particle of particles) {
      const min = Number(attributeOf(particle, 'minOccurs') ?? '1');
      const maxText = attributeOf(particle, 'maxOccurs') ?? '1';
      const max = maxText === 'unbounded' ? Infinity : Number(maxText);
      let count = 0;
      while (count < max && index < node.children.length) {
        const child = node.children[index]!;
        const childPath = `${path}/${child.local}[${index + 1}]`;
        if (particle.local === 'element') {
          if (child.ns !== schema.targetNamespace || child.local !== attributeOf(particle, 'name')) break;
          this.#element(child, particle, schema, childPath, errors);
        } else if (particle.local === 'any') {
          if (attributeOf(particle, 'namespace') !== '##other') throw new Error('only ##other wildcards');
          if (child.ns === schema.targetNamespace || child.ns === '') break;
          const declaration = this.#schemas.get(child.ns)?.elements.get(child.local);
          const processing = attributeOf(particle, 'processContents') ?? 'strict';
          if (declaration) this.#element(child, declaration, this.#schemas.get(child.ns)!, childPath, errors);
          else if (processing === 'strict') errors.push(`${childPath}: no declaration of {${child.ns}}${child.local}`);
        } else throw new Error(`unsupported particle ${particle.local}`);
        index += 1;
        count += 1;
      }
      if (count < min)
        errors.push(`${path}: expected ${attributeOf(particle, 'name') ?? 'an element'} at child ${index + 1}`);
    }
    for (const child of node.children.slice(index)) errors.push(`${path}: unexpected {${child.ns}}${child.local}`);
  }

  #attributes(node: XmlElement, declarations: XmlElement[], schema: Schema, path: string, errors: string[]): void {
    const present = node.attributes.filter((attribute) => attribute.ns !== xmlnsUri);
    for (const declaration of declarations) {
      const name = attributeOf(declaration, 'name');
      const attribute = present.find((candidate) => candidate.ns === '' && candidate.local === name);
      if (!attribute) {
        if (attributeOf(declaration, 'use') === 'required') errors.push(`${path}: missing attribute ${name}`);
        continue;
      }
      const fixed = attributeOf(declaration, 'fixed');
      if (fixed !== undefined && attribute.value !== fixed) errors.push(`${path}/@${name}: must be ${fixed}`);
      const typeName = attributeOf(declaration, 'type');
      const [inline] = xsdChildren(declaration, 'simpleType');
      const problem = inline
        ? this.#simple(inline, attribute.value, schema)
        : this.#builtin((typeName ?? 'xsd:string').split(':').at(-1)!, attribute.value);
      if (problem) errors.push(`${path}/@${name}: ${problem}`);
    }
    for (const attribute of present) {
      if (
        !declarations.some((declaration) => attribute.ns === '' && attributeOf(declaration, 'name') === attribute.local)
      ) {
        errors.push(`${path}: undeclared attribute ${attribute.local}`);
      }
    }
  }
}
