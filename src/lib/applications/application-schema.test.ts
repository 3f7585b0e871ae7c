import { describe, expect, it } from 'vitest';
import { applicationSchemaFor, fileProblemOf, idempotencyKeySchema, questionsOf } from './application-schema.ts';

const job = {
  requireCv: true,
  requireCoverLetter: false,
  requireQualifyingQuestions: true,
  qualifyingQuestions: [
    { question: 'Führerschein?', required: true },
    { question: 'Ab wann?', required: false },
  ],
};
const token = 'a'.repeat(32);
const valid = {
  firstName: ' Erika ',
  lastName: 'Muster',
  email: ' Erika@Example.TEST ',
  answers: ['Ja'],
  cvFile: token,
};

const problems = (input: unknown, requirements = job) => {
  const result = applicationSchemaFor(requirements).safeParse(input);
  return result.success
    ? {}
    : Object.fromEntries(result.error.issues.map((issue) => [issue.path.join('.'), issue.message]));
};

describe('the application schema', () => {
  it('trims names, lower-cases the address and treats empty optional fields as none', () => {
    const result = applicationSchemaFor(job).safeParse({ ...valid, phone: '  ', coverLetterFile: '' });
    expect(result.success && result.data).toMatchObject({
      firstName: 'Erika',
      email: 'erika@example.test',
      phone: null,
      coverLetterFile: null,
    });
  });

  it('asks for the required answer and the required files of the job', () => {
    expect(problems({ ...valid, answers: ['', 'sofort'], cvFile: null })).toEqual({
      'answers.0': 'apply.error.answerRequired',
      cvFile: 'apply.error.cvRequired',
    });
    expect(problems({ ...valid, cvFile: null }, { ...job, requireCv: false, requireCoverLetter: true })).toEqual({
      coverLetterFile: 'apply.error.coverLetterRequired',
    });
  });

  it('asks no questions when the job does not ask them', () => {
    expect(questionsOf({ ...job, requireQualifyingQuestions: false })).toEqual([]);
    expect(problems({ ...valid, answers: [] }, { ...job, requireQualifyingQuestions: false })).toEqual({});
  });

  it('names wrong addresses, phone numbers and file tokens', () => {
    expect(problems({ ...valid, email: 'erika@', phone: 'call me', cvFile: '../etc/passwd' })).toEqual({
      email: 'apply.error.email',
      phone: 'apply.error.phone',
      cvFile: 'apply.error.fileMissing',
    });
  });

  it('checks a chosen file by name and size before it is uploaded', () => {
    expect(fileProblemOf({ name: 'cv.PDF', size: 1000 })).toBeNull();
    expect(fileProblemOf({ name: 'cv.jpeg', size: 1000 })).toBeNull();
    expect(fileProblemOf({ name: 'cv.docx', size: 1000 })).toBe('apply.error.fileType');
    expect(fileProblemOf({ name: 'cv.pdf', size: 0 })).toBe('apply.error.fileEmpty');
    expect(fileProblemOf({ name: 'cv.pdf', size: 51 * 1024 * 1024 })).toBe('apply.error.fileTooLarge');
  });

  it('takes UUIDs as idempotency keys, nothing shorter or stranger', () => {
    expect(idempotencyKeySchema.safeParse(crypto.randomUUID()).success).toBe(true);
    expect(idempotencyKeySchema.safeParse('short').success).toBe(false);
    expect(idempotencyKeySchema.safeParse("x'; drop table applications; --------").success).toBe(false);
  });
});
