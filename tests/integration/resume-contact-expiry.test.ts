/**
 * Pending resume contact requests expire after 14 days through the job runner (issue 17, decision 0016):
 * with nobody reading or writing requests, the runner's task marks the overdue request expired and releases
 * its reserved resume contact through the ledger (a refund entry); a request still within its 14 days stays.
 */
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  saveResumeJobPreferences,
  saveResumePersonalInfo,
  sendResumeContactRequest,
  setResumeVisibility,
} from '../../src/features/resumes/operations';
import type { Database } from '../../src/server/db';
import { creditReservations, creditLedgerEntries } from '../../src/server/db/schema/commerce';
import { resumeContactRequests } from '../../src/server/db/schema/resumes';
import { testDialects } from '../../src/server/db/testing';
import { startJobRunner, type JobRunner } from '../../src/server/job-runner';
import { ledgerBalance, postLedgerEntry } from '../../src/server/modules/commerce/ledger';
import { createTestBackend, type TestBackend } from '../support/backend';
import { createOrganization, createUser } from '../support/factories';

const jobregio = { frontend: 'jobregio;en-GB' };

describe.each(testDialects)('resume contact expiry by the job runner on %s', (dialect) => {
  let backend: TestBackend;
  let db: Database;
  let runner: JobRunner | undefined;

  beforeAll(async () => {
    backend = await createTestBackend(dialect);
    db = backend.handle.db;
  }, 120_000);

  afterAll(async () => {
    await runner?.stop();
    await backend?.dispose();
  });

  async function visibleResume(title: string) {
    const applicant = await createUser(db, { roles: ['applicant'] });
    const token = await backend.tokenFor(applicant);
    await backend.request(
      saveResumePersonalInfo,
      { input: { firstName: 'Ada', lastName: 'Ablauf' } },
      { token, headers: jobregio },
    );
    await backend.request(
      saveResumeJobPreferences,
      { input: { title, desiredLocation: 'Freiburg im Breisgau' } },
      { token, headers: jobregio },
    );
    const shown = await backend.request(setResumeVisibility, { visible: true }, { token, headers: jobregio });
    return shown.body.data!.setResumeVisibility.id;
  }

  it('expires an overdue pending request and gives its resume contact back, and leaves a fresh one', async () => {
    const recruiter = await createUser(db, { roles: ['recruiter'] });
    const organization = await createOrganization(db, {
      frontend: 'jobregio',
      owner: recruiter,
      activeFor: [recruiter],
    });
    const recruiterToken = await backend.tokenFor(recruiter);
    await postLedgerEntry(db, {
      organizationId: organization.id,
      frontend: 'jobregio',
      kind: 'resume_contacts',
      amount: 2,
      reason: 'grant',
      note: 'test',
      reference: 'test',
      idempotencyKey: `expiry-grant-${dialect}`,
    });
    const balance = () =>
      ledgerBalance(db, { organizationId: organization.id, frontend: 'jobregio', kind: 'resume_contacts' });
    const send = async (resumeId: number) =>
      (
        await backend.request(
          sendResumeContactRequest,
          { resumeId, message: 'May we talk?' },
          { token: recruiterToken, headers: jobregio },
        )
      ).body.data!.sendResumeContactRequest.id;
    const overdue = await send(await visibleResume('Ablauf-Expertin'));
    const fresh = await send(await visibleResume('Frisch-Experte'));
    expect(await balance()).toBe(0);
    await db
      .update(resumeContactRequests)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(resumeContactRequests.id, overdue));

    // Nobody reads requests now; the runner's first run (at its start) does the work.
    runner = await startJobRunner(backend.handle, { databaseUrl: backend.databaseUrl, cronMonitorIntervalSeconds: 1 });
    const statusOf = async (id: number) =>
      (await db.select().from(resumeContactRequests).where(eq(resumeContactRequests.id, id)))[0]?.status;
    const deadline = Date.now() + 30_000;
    while ((await statusOf(overdue)) !== 'expired' && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
    expect(await statusOf(overdue)).toBe('expired');
    expect(await statusOf(fresh)).toBe('pending');
    expect(await balance()).toBe(1);
    const held = await db
      .select({ state: creditReservations.state })
      .from(creditReservations)
      .where(and(eq(creditReservations.organizationId, organization.id)));
    expect(held.map((row) => row.state).sort()).toEqual(['held', 'released']);
    const refunds = await db
      .select()
      .from(creditLedgerEntries)
      .where(and(eq(creditLedgerEntries.organizationId, organization.id), eq(creditLedgerEntries.reason, 'refund')));
    expect(refunds).toHaveLength(1);
  }, 60_000);
});
