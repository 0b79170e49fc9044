import { z } from 'zod';
import { orderMessageMaxLength } from './support-rules';

/*
 * The thread of an order (issue 34): messages between the customer and the team, plain text with
 * line breaks. Stored and shown as text (React and the emails escape it): HTML someone types is
 * shown as they typed it, never run. Internal notes (src/shared/admin.ts) are another table.
 */

export const messageMaxLength = orderMessageMaxLength;

/** Control characters other than tab and line break (a NUL byte, an escape sequence) have no place in a message. */
const hasControlCharacter = (text: string) => [...text].some((character) => {
  const code = character.charCodeAt(0);
  return (code < 32 && character !== '\n' && character !== '\t') || code === 127;
});

/** POST /api/orders/:id/messages */
export const ZMessageInput = z.object({
  body: z
    .string({ error: 'messages.required' })
    .max(messageMaxLength * 2, 'messages.tooLong')
    .transform((text) => text.replace(/\r\n?/g, '\n').trim())
    .pipe(
      z
        .string()
        .min(1, 'messages.required')
        .max(messageMaxLength, 'messages.tooLong')
        .refine((text) => !hasControlCharacter(text), 'messages.invalidCharacters'),
    ),
});
export type TMessageInput = z.input<typeof ZMessageInput>;

export const ZOrderMessage = z.object({
  id: z.string(),
  body: z.string(),
  /** written by the team (an administrator), not by the customer */
  fromTeam: z.boolean(),
  /** the customer's name, or the agent's first name; null when their account is gone */
  author: z.string().nullable(),
  /** written by the one reading */
  mine: z.boolean(),
  createdAt: z.iso.datetime(),
  /** when the other side read it; null while unread */
  readAt: z.iso.datetime().nullable(),
});
export type TOrderMessage = z.output<typeof ZOrderMessage>;

/** GET /api/orders/:id/messages: oldest first. */
export const ZOrderThread = z.object({ messages: z.array(ZOrderMessage) });
export type TOrderThread = z.output<typeof ZOrderThread>;

/** GET /api/me/messages/unread: messages to the reader not read yet (the team's to a customer; customers' to the team). */
export const ZUnreadMessages = z.object({ unread: z.number().int().min(0) });
export type TUnreadMessages = z.output<typeof ZUnreadMessages>;
