import type { RoundDetail } from '@lokaler/domain/application-rounds';
import type { AuthenticatedUser } from '../../auth/authenticated-user';
import type { DbOrTx } from '../../db/client';
import { loadRoundRooms } from './repository';
import { assertSeesRound, loadRound } from './round-access';
import { roundSummaries } from './round-summary';

/**
 * GET /api/admin/rounds/{id}: the round's summary and the rooms of its locations the caller manages,
 * each with how many wishes ask for it, how many of those clash and how many are undecided.
 * 404 for an unknown round, 403 when the caller manages none of its locations.
 */
export async function getRound({
  db,
  user,
  roundId,
  now = new Date(),
}: {
  db: DbOrTx;
  user: AuthenticatedUser;
  roundId: number;
  now?: Date;
}): Promise<RoundDetail> {
  const round = await loadRound(db, roundId);
  const managed = assertSeesRound(user, round);
  const [summary] = await roundSummaries(db, user, [round.round], now);
  return { ...summary!, rooms: await loadRoundRooms(db, roundId, managed) };
}
