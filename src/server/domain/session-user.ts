import { eq } from 'drizzle-orm';
import { AppError } from '@shared/app-error';
import type { TSessionUser } from '@shared/auth';
import type { Db } from '../db/client';
import { users } from '../db/schema';

/** The signed-in user as the API answers it (docs/product.md, "Entities": Profile and the second factor); 401 if the account is gone. */
export async function loadSessionUser(db: Db, id: string): Promise<TSessionUser> {
  const [row] = await db
    .select({
      id: users.id,
      name: users.name,
      email: users.email,
      emailVerified: users.emailVerified,
      isAdmin: users.isAdmin,
      twoFactorEnabled: users.twoFactorEnabled,
    })
    .from(users)
    .where(eq(users.id, id));
  if (!row) throw new AppError('unauthorized');
  return row;
}
