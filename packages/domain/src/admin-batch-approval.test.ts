import { describe, expect, it } from 'vitest';
import { approvalMessages } from './admin-approval';
import {
  batchApprovable,
  batchApprovalBody,
  batchApprovalMessages,
  batchApprovalRefusal,
  MAX_BATCH_APPROVAL,
  type BatchApprovalFacts,
} from './admin-batch-approval';

const approvable: BatchApprovalFacts = { status: 'UNPROCESSED', sourceForm: 'default', roundName: null, requireContract: false };

describe('the batch approval rule (decision 066)', () => {
  it('lets an unprocessed application outside a round, not a wedding, at a location without a contract through', () => {
    expect(batchApprovalRefusal(approvable)).toBeNull();
    expect(batchApprovable(approvable)).toBe(true);
    for (const sourceForm of ['school', 'bicycle', 'internal'] as const) expect(batchApprovable({ ...approvable, sourceForm })).toBe(true);
  });

  it('answers why one cannot be approved with the others, one message each', () => {
    const cases: Array<[Partial<BatchApprovalFacts>, string]> = [
      [{ status: 'APPROVED' }, approvalMessages.alreadyProcessed],
      [{ status: 'CANCELLED' }, approvalMessages.alreadyProcessed],
      [{ sourceForm: 'wedding' }, batchApprovalMessages.wedding],
      [{ roundName: 'Høst 2027' }, 'Søknaden er med i søknadsrunden «Høst 2027» og avgjøres når runden lukkes.'],
      [{ requireContract: true }, batchApprovalMessages.contractRequired],
      // The first that applies, in the rule's order.
      [{ status: 'REJECTED', sourceForm: 'wedding', requireContract: true }, approvalMessages.alreadyProcessed],
      [{ roundName: 'Vår', requireContract: true }, 'Søknaden er med i søknadsrunden «Vår» og avgjøres når runden lukkes.'],
    ];
    for (const [facts, message] of cases) {
      expect(batchApprovalRefusal({ ...approvable, ...facts }), JSON.stringify(facts)).toBe(message);
      expect(batchApprovable({ ...approvable, ...facts })).toBe(false);
    }
  });
});

describe('the batch approval body', () => {
  it('takes one to fifty different ids and an optional comment', () => {
    expect(batchApprovalBody.parse({ locationId: 7, bookingIds: [1, 2], comment: '  Velkommen  ' })).toEqual({
      locationId: 7,
      bookingIds: [1, 2],
      comment: 'Velkommen',
    });
    const cases: Array<[number[], string]> = [
      [[], 'Velg minst én søknad.'],
      [[3, 3], 'Samme søknad er valgt to ganger.'],
      [Array.from({ length: MAX_BATCH_APPROVAL + 1 }, (_, i) => i + 1), 'Du kan godkjenne høyst 50 søknader om gangen.'],
    ];
    for (const [bookingIds, message] of cases) {
      const parsed = batchApprovalBody.safeParse({ locationId: 7, bookingIds });
      expect(parsed.success).toBe(false);
      expect(parsed.error?.issues.map((i) => i.message)).toEqual([message]);
    }
  });
});
