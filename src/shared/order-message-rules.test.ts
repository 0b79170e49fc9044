import { describe, expect, it } from 'vitest';
import { documentsAskedAgain } from './order-message-rules';

describe('documentsAskedAgain', () => {
  const request = (status: string, document: 'passport' | 'ssnDoc' | null) => ({ request: { status, document } });

  it('names the documents of open file requests only', () => {
    const messages = [{ request: null }, request('open', 'passport'), request('answered', 'ssnDoc'), request('withdrawn', 'ssnDoc'), request('open', null)];
    expect(documentsAskedAgain(messages)).toEqual(['passport']);
  });

  it('is empty for a thread without requests', () => {
    expect(documentsAskedAgain([])).toEqual([]);
  });
});
