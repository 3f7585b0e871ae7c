/**
 * The facet rules of every entity search, written once for all engines (SPEC sections 3 and 9):
 *
 * - a facet's selected values are OR-ed, the facets are AND-ed: a hit satisfies every facet's selection;
 * - each facet is counted with the other facets' selections applied but not its own, so that selecting a
 *   value never hides its siblings;
 * - a facet lists the values with at least one hit, most frequent first, then by label in the request's
 *   language, then by value, at most `limit` of them;
 * - taxonomy labels are in the request's language where the term has one, else German (localizedText).
 */
import type { Locale } from '../../../brands/index.ts';
import { collatorFor } from '../../lib/format.ts';
import type { Facet } from './engine.ts';

export class FacetSelection<TField extends string> {
  /** Every facet field of the entity, in the order of the result. */
  readonly fields: readonly TField[];
  /** The fields with at least one selected value. */
  readonly selected: readonly TField[];
  /** Per field, the bit a document's mask has when it satisfies that field's selection (0: no selection). */
  readonly bits: Readonly<Record<TField, number>>;
  /** The mask of a document satisfying every selection. */
  readonly all: number;
  private readonly valuesByField: ReadonlyMap<TField, readonly number[]>;

  /** `selections`: ids per field (as numbers or digit strings); repeated ids count once. */
  constructor(fields: readonly TField[], selections: Partial<Record<TField, readonly (number | string)[]>>) {
    this.fields = fields;
    const valuesByField = new Map<TField, readonly number[]>();
    for (const field of fields) {
      const values = [...new Set((selections[field] ?? []).map(Number))];
      if (values.length > 0) valuesByField.set(field, values);
    }
    this.valuesByField = valuesByField;
    this.selected = fields.filter((field) => valuesByField.has(field));
    const bits = Object.fromEntries(fields.map((field) => [field, 0])) as Record<TField, number>;
    for (const [position, field] of this.selected.entries()) bits[field] = 1 << position;
    this.bits = bits;
    this.all = (1 << this.selected.length) - 1;
  }

  /** The selected ids of a field (none when it has no selection). */
  values(field: TField): readonly number[] {
    return this.valuesByField.get(field) ?? [];
  }

  /** A document is a hit when it satisfies every selection. */
  isHit(mask: number): boolean {
    return mask === this.all;
  }

  /** A document counts for the values of the facet with `fieldBit` when it satisfies every other selection. */
  countsFor(mask: number, fieldBit: number): boolean {
    return (mask | fieldBit) === this.all;
  }

  /** The selected fields whose selections apply when counting `field` (all of them without one). */
  appliedTo(field?: TField): readonly TField[] {
    return this.selected.filter((candidate) => candidate !== field);
  }
}

/** A value's count as an engine found it; the label may come with it or from `labelOf`. */
export interface FacetCount {
  value: number;
  count: number;
  label?: string | null;
}

/** The facets of a result from an engine's counts, by the rules above. */
export function rankFacets<TField extends string>(options: {
  fields: readonly TField[];
  counts: (field: TField) => Iterable<FacetCount>;
  labelOf?: (field: TField, value: number) => string | null | undefined;
  locale: Locale;
  limit: number;
}): Facet<TField>[] {
  const collator = collatorFor(options.locale);
  return options.fields.map((field) => {
    const values: { value: number; count: number; label: string }[] = [];
    for (const { value, count, label } of options.counts(field)) {
      if (count <= 0) continue;
      values.push({ value, count, label: label ?? options.labelOf?.(field, value) ?? String(value) });
    }
    values.sort((a, b) => b.count - a.count || collator.compare(a.label, b.label) || a.value - b.value);
    return {
      field,
      values: values.slice(0, options.limit).map(({ value, count, label }) => ({ value: String(value), label, count })),
    };
  });
}
