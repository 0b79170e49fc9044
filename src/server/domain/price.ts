import { eq } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { standardFormationPriceCents, standardFormationSlug } from '@shared/money';
import type { Db } from '../db/client';
import { adminAudit, services } from '../db/schema';
import { AdminCommandError } from './admin-accounts';
import { AppError } from '@shared/app-error';
import { formatUsd } from '@shared/formats';

/** DESIGN: the server decides the price, from the services row. */
export async function standardPriceCents(db: Db): Promise<number> {
  const [service] = await db.select({ priceCents: services.priceCents }).from(services).where(eq(services.slug, standardFormationSlug));
  if (!service) throw new AppError('unavailable');
  return service.priceCents;
}

/** Card payments need at least $0.50 (Stripe's minimum for USD). */
export const minPriceCents = 50;
/** $10,000: far above any price we mean to charge, so a misplaced digit is refused. */
export const maxPriceCents = 1_000_000;

/** `npm run admin -- set-price CENTS`: a whole number of cents, within the bounds above. */
export function parsePriceCents(raw: string | undefined): number {
  const hint = 'give the price in cents, a whole number: 39900 for $399';
  if (!raw || !/^\d+$/.test(raw.trim())) throw new AdminCommandError(`Not a price in cents: ${raw ?? '(nothing)'} — ${hint}.`);
  const cents = Number(raw.trim());
  if (cents < minPriceCents || cents > maxPriceCents) {
    throw new AdminCommandError(
      `The price must be between ${minPriceCents} and ${maxPriceCents} cents (${formatUsd(minPriceCents, 'en')} to ${formatUsd(maxPriceCents, 'en')}); got ${raw.trim()}.`,
    );
  }
  return cents;
}

/**
 * Sets the standard package's price, which every new order and checkout then charges and every
 * page then shows. Returns the price before and after, for the command to print.
 */
export async function setStandardPrice(db: Db, cents: number): Promise<{ oldCents: number; newCents: number }> {
  return db.transaction(async (tx) => {
    const [row] = await tx.select({ priceCents: services.priceCents }).from(services).where(eq(services.slug, standardFormationSlug)).for('update');
    if (!row) throw new AdminCommandError(`There is no ${standardFormationSlug} service: start the app once to create it.`);
    await tx.update(services).set({ priceCents: cents }).where(eq(services.slug, standardFormationSlug));
    // on the Activity page (the command has no signed-in actor)
    await tx.insert(adminAudit).values({ action: 'set_price', detail: { fromCents: row.priceCents, toCents: cents, actorEmail: 'admin command' } });
    return { oldCents: row.priceCents, newCents: cents };
  });
}

/** The price the pages show: the services row's, or the product's $399 when it cannot be read (logged). */
export async function displayedPriceCents(db: Db, log: FastifyBaseLogger): Promise<number> {
  try {
    return await standardPriceCents(db);
  } catch (error) {
    log.warn({ err: error }, 'price lookup failed; pages show the standard price');
    return standardFormationPriceCents;
  }
}
