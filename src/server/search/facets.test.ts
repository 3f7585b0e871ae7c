import { describe, expect, it } from 'vitest';
import { FacetSelection, rankFacets } from './facets';

const fields = ['color', 'size', 'brand'] as const;

describe('facet rules (SPEC sections 3 and 9)', () => {
  it('keeps the selected fields, their ids once each, and nothing for empty selections', () => {
    const selection = new FacetSelection(fields, { color: ['3', '5', '3'], size: [], brand: [7] });
    expect(selection.selected).toEqual(['color', 'brand']);
    expect(selection.values('color')).toEqual([3, 5]);
    expect(selection.values('size')).toEqual([]);
    expect(selection.appliedTo('color')).toEqual(['brand']);
    expect(selection.appliedTo()).toEqual(['color', 'brand']);
  });

  it('makes a hit of what satisfies every selection and counts a facet without its own selection', () => {
    const selection = new FacetSelection(fields, { color: [3], brand: [7] });
    const { color, size, brand } = selection.bits;
    expect(size).toBe(0);
    // A document of colour 3 but another brand: no hit, counted for the brand facet only.
    const mask = color;
    expect(selection.isHit(mask)).toBe(false);
    expect(selection.countsFor(mask, brand)).toBe(true);
    expect(selection.countsFor(mask, color)).toBe(false);
    expect(selection.countsFor(mask, size)).toBe(false);
    expect(selection.isHit(color | brand)).toBe(true);
    // Without selections everything is a hit and counts everywhere.
    const none = new FacetSelection(fields, {});
    expect(none.isHit(0)).toBe(true);
    expect(none.countsFor(0, none.bits.color)).toBe(true);
  });

  it('lists values with a count, most frequent first, then by label and value, at most the limit', () => {
    const facets = rankFacets({
      fields,
      counts: (field) =>
        field === 'color'
          ? [
              { value: 1, count: 2, label: 'Rot' },
              { value: 2, count: 5, label: 'Blau' },
              { value: 3, count: 2, label: 'Äpfelgrün' },
              { value: 4, count: 0, label: 'Gelb' },
              { value: 5, count: 2, label: 'Rot' },
            ]
          : [],
      locale: 'de',
      limit: 3,
    });
    expect(facets.map((facet) => facet.field)).toEqual(['color', 'size', 'brand']);
    expect(facets[0]!.values).toEqual([
      { value: '2', label: 'Blau', count: 5 },
      { value: '3', label: 'Äpfelgrün', count: 2 },
      { value: '1', label: 'Rot', count: 2 },
    ]);
  });

  it('labels values through labelOf, else by their id', () => {
    const [facet] = rankFacets({
      fields: ['brand'],
      counts: () => [
        { value: 7, count: 1 },
        { value: 8, count: 1 },
      ],
      labelOf: (_field, value) => (value === 7 ? 'Acme' : null),
      locale: 'de',
      limit: 10,
    });
    expect(facet!.values.map((value) => value.label)).toEqual(['8', 'Acme']);
  });
});
