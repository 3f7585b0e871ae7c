import { describe, expect, it } from 'vitest';
import { controlName, formatsFor, toolbarFor } from './rich-text-toolbar';

const names = (kind: Parameters<typeof toolbarFor>[0]) => toolbarFor(kind).flat().map(controlName);

describe('rich-text toolbar by role (SPEC section 6)', () => {
  it('gives anonymous visitors, applicants and recruiters the basic controls, nothing more', () => {
    const basic = [
      'header-2',
      'header-3',
      'bold',
      'italic',
      'link',
      'list-bullet',
      'list-ordered',
      'blockquote',
      'undo',
      'redo',
    ];
    for (const kind of ['ANON', 'APPLICANT', 'RECRUITER'] as const) {
      expect(names(kind)).toEqual(basic);
      expect(formatsFor(kind).sort()).toEqual(['blockquote', 'bold', 'header', 'italic', 'link', 'list']);
    }
  });

  it('adds indent, outdent, table insertion and media embed for staff', () => {
    expect(names('ADMIN')).toEqual([
      'header-2',
      'header-3',
      'bold',
      'italic',
      'link',
      'list-bullet',
      'list-ordered',
      'blockquote',
      'indent-increase',
      'indent-decrease',
      'table',
      'video',
      'undo',
      'redo',
    ]);
    expect(formatsFor('ADMIN')).toEqual(expect.arrayContaining(['indent', 'table', 'video']));
  });
});
