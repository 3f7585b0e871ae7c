import { eq } from 'drizzle-orm';
import type { Viewer } from '../../auth/viewer.ts';
import type { Database } from '../../db/index.ts';
import { applicationFiles, applications } from '../../db/schema/applications.ts';
import { jobs } from '../../db/schema/jobs.ts';
import { isStorageKey, readFile } from '../../storage/file-storage.ts';
import { canSeeApplication, type AccessLoaders } from './application-access.ts';
import { isValidFileLink } from './file-links.ts';

/**
 * A file of a sent application for GET /api/application-files/{id}: for its applicant (by account), the
 * members of the job's organization who manage its jobs and staff, or with a valid signed link from the
 * employer's mail (file-links.ts); of the request's brand only. Null otherwise (the route answers 404 to
 * everyone else, so a file's existence is not revealed). Files still waiting for their application are
 * never served.
 */
export async function readApplicationFile(options: {
  db: Database;
  viewer: Viewer;
  loaders: AccessLoaders;
  brandId: string;
  fileId: number;
  link?: { expires: string | null; signature: string | null; secret: Uint8Array };
  storageDirectory?: string;
}): Promise<{ data: Uint8Array; fileName: string; mimeType: string } | null> {
  const { db, viewer, loaders, brandId, fileId, link } = options;
  const [row] = await db
    .select({
      file: applicationFiles,
      userId: applications.userId,
      frontend: applications.frontend,
      organizationId: jobs.organizationId,
    })
    .from(applicationFiles)
    .innerJoin(applications, eq(applications.id, applicationFiles.applicationId))
    .innerJoin(jobs, eq(jobs.id, applications.jobId))
    .where(eq(applicationFiles.id, fileId));
  if (!row || row.frontend !== brandId || !isStorageKey(row.file.storageKey)) return null;
  const bySignedLink = link ? isValidFileLink(link.secret, fileId, link.expires, link.signature) : false;
  if (
    !bySignedLink &&
    !(await canSeeApplication({
      viewer,
      loaders,
      application: { userId: row.userId },
      organizationId: row.organizationId,
    }))
  ) {
    return null;
  }
  const data = await readFile({ key: row.file.storageKey, directory: options.storageDirectory });
  if (!data) return null;
  return { data, fileName: row.file.fileName, mimeType: row.file.mimeType };
}
