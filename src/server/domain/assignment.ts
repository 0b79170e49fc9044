import { asc, eq } from 'drizzle-orm';
import { AppError } from '@shared/app-error';
import type { TAssignee } from '@shared/assignment';
import type { TSessionUser } from '@shared/auth';
import { isLanguage } from '@shared/languages';
import { appPageUrl } from '@shared/locale-paths';
import { firstName } from '@shared/names';
import type { Db } from '../db/client';
import { users } from '../db/schema';
import type { MailQueue } from '../platform/mail/outbox';

/*
 * Owners of orders and tickets: who may own work, and the one email to an assignee
 * when someone else gave them the work. Shared by the admin orders and the support features.
 */

/** Every administrator, by name: who can own an order or a ticket. */
export async function listAssignees(db: Db): Promise<TAssignee[]> {
  return db.select({ id: users.id, name: users.name }).from(users).where(eq(users.isAdmin, true)).orderBy(asc(users.name), asc(users.id));
}

/** The administrator `assigneeId` names (null: unassign); anyone else is a field error. */
export async function resolveAssignee(db: Db, assigneeId: string | null) {
  if (assigneeId === null) return null;
  const [row] = await db
    .select({ id: users.id, name: users.name, email: users.email, language: users.language, isAdmin: users.isAdmin })
    .from(users)
    .where(eq(users.id, assigneeId));
  if (!row?.isAdmin) throw new AppError('validation_failed', 'errors.validation_failed', { assigneeId: 'admin.assign.notAdmin' });
  return row;
}

/** `?owner=` as a user id: mine is the viewer's; unassigned and anyone are the caller's to read. */
export const ownerId = (owner: string | undefined, viewer: TSessionUser) => (owner === 'mine' ? viewer.id : owner);

/** One email to the new owner when someone else assigned the work to them, in their language, in the caller's transaction. */
export async function emailAssignment(
  mail: MailQueue,
  tx: Db,
  appUrl: string,
  {
    assignee,
    actor,
    kind,
    title,
    path,
  }: { assignee: NonNullable<Awaited<ReturnType<typeof resolveAssignee>>>; actor: TSessionUser; kind: 'order' | 'ticket'; title: string; path: string },
) {
  if (assignee.id === actor.id) return;
  const language = isLanguage(assignee.language) ? assignee.language : 'en';
  await mail.enqueue(
    {
      to: assignee.email,
      template: 'assigned',
      language,
      payload: { firstName: firstName(assignee.name) || assignee.name, kind, title, assignedBy: actor.name, url: appPageUrl(appUrl, path, language) },
    },
    tx,
  );
}
