import type { FastifyBaseLogger } from 'fastify';
import type { ApproveBookingBody } from '@lokaler/domain/admin-approval';
import {
  batchApprovalMessages,
  batchApprovalRefusal,
  type BatchApprovalBody,
  type BatchApprovalResponse,
  type BatchApprovalResult,
} from '@lokaler/domain/admin-batch-approval';
import { osloClock } from '@lokaler/domain/scheduling/oslo-clock';
import type { AuthenticatedUser } from '../../auth/authenticated-user';
import { assertAdministers } from '../../auth/guards';
import type { Db } from '../../db/client';
import { writeTransaction } from '../../db/write-transaction';
import { AppError } from '../../errors';
import { conflict, lockBookingForAdmin } from '../../bookings';
import { findRoundOfBooking } from '../../rounds';
import { approveLocked } from './approve-booking';
import { findBatchCandidates, type BatchCandidate } from './repository';

export interface ApproveBatchOptions {
  db: Db;
  user: AuthenticatedUser;
  body: BatchApprovalBody;
  publicUrl: string;
  log: FastifyBaseLogger;
  now?: Date;
}

/**
 * POST /api/booking/approve-batch (decision 066): 403 unless the caller administers the location;
 * then each asked application, in the asked order, in a transaction of its own, through the single
 * approval's own path (approveLocked) free of charge, with the vedtak rendered by the server. One the
 * batch rule (batchApprovalRefusal) refuses, or whose times are blocked or taken, is rolled back and
 * answered with its message; the others stand. The answer is 200 whatever each outcome.
 */
export async function approveBatch({
  db,
  user,
  body,
  publicUrl,
  log,
  now = new Date(),
}: ApproveBatchOptions): Promise<BatchApprovalResponse> {
  assertAdministers(user, body.locationId);
  const { today } = osloClock(now);
  const candidates = await findBatchCandidates(db, body.bookingIds);
  const approval: ApproveBookingBody = {
    costCategory: 'FREE',
    comment: body.comment,
    retroactiveContract: false,
    hasTilsynsvakt: false,
    tilsynsvaktWeekdays: [],
  };
  const results: BatchApprovalResult[] = [];
  for (const bookingId of body.bookingIds) {
    const candidate = candidates.get(bookingId);
    // One of another location is not named: the caller may not administer it.
    if (!candidate || candidate.locationId !== body.locationId) {
      results.push({ bookingId, caseNumber: null, applicantName: null, approved: false, message: batchApprovalMessages.notOfLocation });
      continue;
    }
    results.push(await approveOne(candidate));
  }
  const approvedCount = results.filter((r) => r.approved).length;
  return { results, approvedCount, failedCount: results.length - approvedCount };

  async function approveOne(candidate: BatchCandidate): Promise<BatchApprovalResult> {
    const named = { bookingId: candidate.id, caseNumber: candidate.caseNumber, applicantName: candidate.applicantName };
    try {
      await writeTransaction(db, async (tx) => {
        const booking = await lockBookingForAdmin(tx, candidate.id, user);
        if (booking.locationId !== body.locationId) throw conflict(`Booking ${booking.id} moved`, batchApprovalMessages.notOfLocation);
        return approveLocked(tx, booking, {
          user,
          body: approval,
          publicUrl,
          today,
          documents: 'rendered',
          admit: async (data) => {
            const round = await findRoundOfBooking(tx, booking.id);
            const refusal = batchApprovalRefusal({
              status: booking.status,
              sourceForm: booking.sourceForm,
              roundName: round && round.status !== 'CLOSED' ? round.name : null,
              requireContract: data.location.requireContract,
            });
            if (refusal) throw conflict(`Booking ${booking.id} cannot be approved in a batch: ${refusal}`, refusal);
          },
        });
      });
      return { ...named, approved: true, message: null };
    } catch (error) {
      if (error instanceof AppError && error.status < 500 && error.userMsg) return { ...named, approved: false, message: error.userMsg };
      // Not this one, but the others stand: the answer names it, the log keeps the cause.
      log.error({ err: error, bookingId: candidate.id }, 'batch approval of one booking failed');
      return { ...named, approved: false, message: batchApprovalMessages.failed };
    }
  }
}
