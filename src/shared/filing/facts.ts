import { z } from 'zod';
import { addressChoices, applyReasons, defaultPurpose, fullShare, managementKinds, principalActivities, type CompanyFacts } from './facts-model';
import { languages } from '../languages';

/*
 * The company details step's contract. The dashboard's form and the server validate with
 * these schemas; messages are translation keys (filing namespace). Shares are typed as percentages
 * with up to two decimals and stored as basis points.
 */

const isoDay = z.iso.date({ error: 'filing.errors.date' });
/** a percentage with at most two decimals, as basis points */
const share = z
  .number({ error: 'filing.errors.share' })
  .min(0.01, 'filing.errors.share')
  .max(100, 'filing.errors.share')
  .refine((value) => Number.isInteger(Math.round(value * 100)) && Math.abs(value * 100 - Math.round(value * 100)) < 1e-6, 'filing.errors.shareDecimals')
  .transform((value) => Math.round(value * 100));

export const ZCompanyFactsInput = z
  .object({
    purpose: z.string().trim().min(1, 'filing.errors.required').max(300, 'filing.errors.tooLong'),
    management: z.enum(managementKinds),
    principalOffice: z.enum(addressChoices),
    mailingAddress: z.enum(addressChoices),
    organizerShare: share,
    /** required with a partner, refused without one (the server knows which) */
    partnerShare: share.nullable(),
    tradeName: z
      .string()
      .trim()
      .max(120, 'filing.errors.tooLong')
      .nullable()
      .transform((value) => value || null),
    fiscalYearEndMonth: z.number().int().min(1).max(12),
    reason: z.enum(applyReasons),
    startDate: isoDay,
    employeesExpected: z
      .number({ error: 'filing.errors.employees' })
      .int('filing.errors.employees')
      .min(0, 'filing.errors.employees')
      .max(100_000, 'filing.errors.employees'),
    firstWagesDate: isoDay.nullable(),
    principalActivity: z.enum(principalActivities),
    activityDescription: z.string().trim().min(1, 'filing.errors.required').max(200, 'filing.errors.tooLong'),
  })
  .superRefine((facts, ctx) => {
    const total = facts.organizerShare + (facts.partnerShare ?? 0);
    if (total !== fullShare)
      ctx.addIssue({ code: 'custom', path: [facts.partnerShare === null ? 'organizerShare' : 'partnerShare'], message: 'filing.errors.sharesTotal' });
    if (facts.employeesExpected > 0 && !facts.firstWagesDate) ctx.addIssue({ code: 'custom', path: ['firstWagesDate'], message: 'filing.errors.required' });
  })
  .transform((facts): CompanyFacts => ({ ...facts, firstWagesDate: facts.employeesExpected > 0 ? facts.firstWagesDate : null }));
export type TCompanyFactsInput = z.input<typeof ZCompanyFactsInput>;

/** The form's starting values: the issue's defaults, the organizer alone or half each with a partner. */
export function defaultFacts(hasPartner: boolean, today: string): CompanyFacts {
  return {
    purpose: defaultPurpose,
    management: 'member',
    principalOffice: 'own',
    mailingAddress: 'own',
    organizerShare: hasPartner ? fullShare / 2 : fullShare,
    partnerShare: hasPartner ? fullShare / 2 : null,
    tradeName: null,
    fiscalYearEndMonth: 12,
    reason: 'started_new_business',
    startDate: today,
    employeesExpected: 0,
    firstWagesDate: null,
    principalActivity: 'other',
    activityDescription: '',
  };
}

/* ---- the packet, as the API answers it ---- */

export const packetStatuses = ['details_missing', 'awaiting_signatures', 'ready_for_review', 'approved', 'filed'] as const;
export type PacketStatus = (typeof packetStatuses)[number];
export const signableKinds = ['operating_agreement', 'ss4_worksheet'] as const;
export const packetDocumentKinds = ['articles', 'ss4_worksheet', 'operating_agreement'] as const;
export const signerRoles = ['organizer', 'partner'] as const;

const ZSignature = z.object({
  role: z.enum(signerRoles),
  /** the signature: the signer's legal name as the order records it, adopted */
  adoptedName: z.string(),
  /** what the signer typed to adopt it (evidence) */
  typedName: z.string(),
  signedAt: z.iso.datetime(),
  /** the SHA-256 of the document signed (hex) */
  sha256: z.string(),
  /** shown to the team only (null to the customer) */
  ipAddress: z.string().nullable(),
  account: z.string().nullable(),
});

const ZPacketDocument = z.object({
  kind: z.enum(packetDocumentKinds),
  version: z.number().int(),
  sha256: z.string(),
  createdAt: z.iso.datetime(),
  /** who must sign this version (none for the Articles) */
  signers: z.array(z.enum(signerRoles)),
  signatures: z.array(ZSignature),
  /** earlier versions that had signatures: voided by a change */
  voidedSignatures: z.number().int(),
});

const ZClauses = z.object({ title: z.string(), preamble: z.string(), clauses: z.array(z.object({ heading: z.string(), paragraphs: z.array(z.string()) })) });

export const ZPacket = z.object({
  status: z.enum(packetStatuses),
  /** the saved facts; null until the customer saves them (the form starts from `defaults`) */
  facts: z.custom<CompanyFacts>().nullable(),
  defaults: z.custom<CompanyFacts>(),
  editable: z.boolean(),
  members: z.array(z.object({ role: z.enum(signerRoles), name: z.string(), share: z.number().int().nullable() })),
  agent: z.object({ name: z.string(), address: z.string(), placeholder: z.boolean() }),
  documents: z.array(ZPacketDocument),
  /** the Operating Agreement's text to review before signing, in English and in Spanish (null until the facts are saved) */
  agreement: z.object({ en: ZClauses, es: ZClauses }).nullable(),
  /** the SS-4's answers the authorization signs for, each line's label in both languages (null until the facts are saved) */
  ss4: z.array(z.object({ line: z.string(), label: z.object({ en: z.string(), es: z.string() }), answer: z.string() })).nullable(),
  partnerLink: z.object({ sentAt: z.iso.datetime(), expiresAt: z.iso.datetime(), used: z.boolean() }).nullable(),
  approvedAt: z.iso.datetime().nullable(),
  filedAt: z.iso.datetime().nullable(),
});
export type TPacket = z.output<typeof ZPacket>;
export type TPacketDocument = z.output<typeof ZPacketDocument>;

/** POST …/packet/sign and POST /api/sign: the typed name and the consent sentence's tick. */
export const ZSignInput = z.object({
  kind: z.enum(signableKinds),
  /** the version read; a newer one (the facts changed) is refused, so nobody signs what they did not see */
  version: z.number().int().min(1),
  typedName: z.string().trim().min(1, 'filing.errors.required').max(120, 'filing.errors.tooLong'),
  consent: z.literal(true, { error: 'filing.errors.consent' }),
});
export const ZPartnerSignInput = ZSignInput.omit({ kind: true });

/** GET /api/sign and /api/sign/agreement: the partner's emailed link */
export const ZPartnerToken = z.object({ token: z.string().min(20, 'filing.linkGone').max(100, 'filing.linkGone') });
/** POST /api/sign: the partner signs with the link's token, in the language of the page */
export const ZPartnerSignRequest = ZPartnerSignInput.extend({ token: ZPartnerToken.shape.token, language: z.enum(languages).default('en') });
export const ZPartnerSigned = z.object({ signed: z.literal(true) });

/** The packet's routes answer the whole packet as it now stands. */
export const ZPacketAnswer = z.object({ packet: ZPacket });

/** GET …/packet/documents/:kind: the customer's copies (the Articles are the team's worksheet: 404 to the customer) */
export const customerPacketKinds = ['ss4_worksheet', 'operating_agreement'] as const;

/**
 * GET /api/sign?token: what the invited partner reads before signing (`open`), or, once the link
 * was used to sign, who signed and when, with the copy to download (`signed`).
 */
export const ZPartnerSigning = z.discriminatedUnion('state', [
  z.object({
    state: z.literal('open'),
    companyName: z.string(),
    partnerName: z.string(),
    organizerName: z.string(),
    version: z.number().int(),
    agreement: z.object({ en: ZClauses, es: ZClauses }),
    expiresAt: z.iso.datetime(),
  }),
  z.object({ state: z.literal('signed'), companyName: z.string(), partnerName: z.string(), signedAt: z.iso.datetime() }),
]);
export type TPartnerSigning = z.output<typeof ZPartnerSigning>;
export type TPartnerSigningOpen = Extract<TPartnerSigning, { state: 'open' }>;

/** POST …/packet/filed: the day the state filed the Articles and its filing number, as on the stamped copy */
export const ZRecordFiling = z.object({
  filedOn: isoDay,
  filingNumber: z.string().trim().min(1, 'filing.errors.required').max(60, 'filing.errors.tooLong'),
});
