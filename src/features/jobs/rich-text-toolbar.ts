/**
 * The rich-text toolbar of SPEC section 6, by the kind of user writing: anonymous visitors, applicants and
 * recruiters get heading, bold, italic, link, bulleted and numbered lists, block quote, undo and redo; staff
 * (the ADMIN kind of src/lib/roles.ts) also get indent, outdent, table insertion and media embed. What the
 * server keeps of the HTML is decided by its sanitiser on save, whatever the toolbar offered.
 */
import type { ViewerKind } from '../../lib/roles.ts';

/** One button of the toolbar: a Quill format (with its value, where it has one) or an editor action. */
export type ToolbarControl =
  | { readonly kind: 'format'; readonly format: 'bold' | 'italic' | 'link' | 'blockquote' | 'video' }
  | { readonly kind: 'format'; readonly format: 'header'; readonly value: '2' | '3' }
  | { readonly kind: 'format'; readonly format: 'list'; readonly value: 'bullet' | 'ordered' }
  | { readonly kind: 'format'; readonly format: 'indent'; readonly value: '+1' | '-1' }
  | { readonly kind: 'action'; readonly action: 'undo' | 'redo' | 'table' };

/** Buttons in groups (a group is one visual cluster of the toolbar). */
export type ToolbarLayout = readonly (readonly ToolbarControl[])[];

const everyone: ToolbarLayout = [
  [
    { kind: 'format', format: 'header', value: '2' },
    { kind: 'format', format: 'header', value: '3' },
  ],
  [
    { kind: 'format', format: 'bold' },
    { kind: 'format', format: 'italic' },
    { kind: 'format', format: 'link' },
  ],
  [
    { kind: 'format', format: 'list', value: 'bullet' },
    { kind: 'format', format: 'list', value: 'ordered' },
    { kind: 'format', format: 'blockquote' },
  ],
];

const staffOnly: ToolbarLayout = [
  [
    { kind: 'format', format: 'indent', value: '+1' },
    { kind: 'format', format: 'indent', value: '-1' },
  ],
  [
    { kind: 'action', action: 'table' },
    { kind: 'format', format: 'video' },
  ],
];

const history: ToolbarLayout = [
  [
    { kind: 'action', action: 'undo' },
    { kind: 'action', action: 'redo' },
  ],
];

export function toolbarFor(kind: ViewerKind): ToolbarLayout {
  return kind === 'ADMIN' ? [...everyone, ...staffOnly, ...history] : [...everyone, ...history];
}

/** The Quill formats an editor with this toolbar accepts (typing or pasting anything else drops it). */
export function formatsFor(kind: ViewerKind): string[] {
  const formats = new Set<string>();
  for (const control of toolbarFor(kind).flat()) {
    if (control.kind === 'format') formats.add(control.format);
    else if (control.action === 'table') formats.add('table');
  }
  return [...formats];
}

/** A stable name for a control: its message key suffix and test id (`list-bullet`, `undo`). */
export function controlName(control: ToolbarControl): string {
  if (control.kind === 'action') return control.action;
  if ('value' in control) {
    const value = control.value === '+1' ? 'increase' : control.value === '-1' ? 'decrease' : control.value;
    return `${control.format}-${value}`;
  }
  return control.format;
}
