import { standardFormationPriceCents, standardFormationSlug } from '@shared/money';
import type { Db } from './client';
import { services } from './schema';

/** Idempotent: the standard package exists after every start; an edited price is kept. */
export async function seed(db: Db): Promise<void> {
  await db
    .insert(services)
    .values({ slug: standardFormationSlug, name: 'Standard LLC Formation', priceCents: standardFormationPriceCents })
    .onConflictDoNothing({ target: services.slug });
}
