import type { FastifyPluginAsyncZod, ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  freeSlotAlert,
  freeSlotAlertFields,
  freeSlotAlertList,
  freeSlotAlertProblem,
  freeSlotAlertUnsubscribed,
  freeSlotAlertUnsubscribeQuery,
} from '@lokaler/domain/free-slot-alert';
import { idParams } from '@lokaler/domain/id-param';
import { osloClock } from '@lokaler/domain/scheduling/oslo-clock';
import { currentUser } from '../../auth/guards';
import { writeTransaction } from '../../db/write-transaction';
import { AppError } from '../../errors';
import { bearerSecurity, errorAnswers } from '../../http/route-schema';
import { countActiveAlerts, endAlert, lockUser, findPublicTarget, insertAlert, listActiveAlerts, lockAlert } from './repository';
import { isValidUnsubscribeToken } from './unsubscribe-token';

const notFound = () => new AppError('NOT_FOUND', 'Free-slot alert not found', 'Fant ikke varselet. Det kan allerede være avsluttet.');

/**
 * 'Varsle meg når en tid blir ledig' (decision 022): a logged-in person's free-time alerts,
 * listed under Mine bookinger, and the one-click link in every alert e-mail that ends one.
 */
export const freeSlotAlertRoutes: FastifyPluginAsyncZod = async (app) => {
  const db = app.database.db;
  const { maxPerPerson } = app.config.freeSlotAlerts;

  app.get(
    '/user/free-slot-alerts',
    {
      config: { access: 'citizen' },
      schema: {
        tags: ['mine bookinger'],
        summary: 'My active free-time alerts',
        security: bearerSecurity,
        response: { 200: freeSlotAlertList, ...errorAnswers(401) },
      },
    },
    async (request) => {
      const user = currentUser(request);
      return { alerts: await listActiveAlerts(db, user.userId, osloClock(new Date()).today), maxActive: maxPerPerson };
    },
  );

  app.post(
    '/user/free-slot-alerts',
    {
      config: { access: 'citizen' },
      schema: {
        tags: ['mine bookinger'],
        summary: 'Ask to be told by e-mail when a time frees up in a room or a location',
        description: `At most ${maxPerPerson} active alerts a person (FREE_SLOT_ALERTS_PER_PERSON); a range of at most 183 days that has not ended; a published room or location.`,
        security: bearerSecurity,
        body: freeSlotAlertFields,
        response: { 201: freeSlotAlert, ...errorAnswers(400, 401, 404, 409) },
      },
    },
    async (request, reply) => {
      const user = currentUser(request);
      const body = request.body;
      const now = new Date();
      const { today } = osloClock(now);
      const problem = freeSlotAlertProblem(body, today);
      if (problem)
        throw new AppError('VALIDATION', `Invalid alert: ${problem.path}`, problem.message, {
          fields: [{ path: `body.${problem.path}`, message: problem.message }],
        });
      const id = await writeTransaction(db, async (tx) => {
        const target = await findPublicTarget(tx, body.locationId, body.bookableAssetId);
        if (!target)
          throw new AppError(
            'NOT_FOUND',
            'Location or room not found for the public',
            'Fant ikke lokalet eller rommet. Det kan være skjult eller ikke publisert.',
          );
        // One person's alerts are counted under a lock on their user row, so two requests at once cannot both pass the limit.
        await lockUser(tx, user.userId);
        if ((await countActiveAlerts(tx, user.userId, today)) >= maxPerPerson) {
          throw new AppError(
            'CONFLICT',
            `At most ${maxPerPerson} active alerts`,
            `Du kan ha høyst ${maxPerPerson} aktive varsler. Avslutt et varsel under Mine bookinger før du lager et nytt.`,
          );
        }
        return insertAlert(tx, user.userId, body);
      });
      const [created] = await listActiveAlerts(db, user.userId, today, id);
      return reply.status(201).send(created!);
    },
  );

  app.delete(
    '/user/free-slot-alerts/:id',
    {
      config: { access: 'citizen' },
      schema: {
        tags: ['mine bookinger'],
        summary: 'End one of my free-time alerts (ending it again changes nothing)',
        security: bearerSecurity,
        params: idParams,
        response: { 204: z.null(), ...errorAnswers(400, 401, 404) },
      },
    },
    async (request, reply) => {
      const user = currentUser(request);
      await writeTransaction(db, async (tx) => {
        const alert = await lockAlert(tx, request.params.id);
        // Another person's alert answers as an unknown one: its existence is not theirs to learn.
        if (!alert || alert.userId !== user.userId) throw notFound();
        await endAlert(tx, alert.id, new Date());
      });
      return reply.status(204).send(null);
    },
  );

  const unsubscribeQuery = freeSlotAlertUnsubscribeQuery;
  const unsubscribe = async (query: z.infer<typeof unsubscribeQuery>) => {
    const ids = [query.varsel, ...(query.og ?? [])];
    await writeTransaction(db, async (tx) => {
      const alerts = [];
      for (const id of ids) alerts.push(await lockAlert(tx, id));
      if (alerts.some((alert) => !alert) || !isValidUnsubscribeToken(app.config.cookieSecret, ids, query.token)) {
        throw new AppError(
          'NOT_FOUND',
          'Unknown alert or wrong token',
          'Lenken for å avslutte varselet er ugyldig. Du kan avslutte varslene dine under Mine bookinger.',
        );
      }
      for (const id of ids) await endAlert(tx, id, new Date());
    });
    return { ended: true as const, userMsg: 'Varselet er avsluttet. Du får ikke flere e-poster om ledige tider fra det.' };
  };
  const unsubscribeAnswer = freeSlotAlertUnsubscribed;

  // The link in the e-mail: no login; the signed token is the authority. Idempotent.
  app.get(
    '/free-slot-alerts/unsubscribe',
    {
      config: { access: 'public' },
      schema: {
        tags: ['mine bookinger'],
        summary: 'One-click end of a free-time alert from its e-mail (signed token)',
        querystring: unsubscribeQuery,
        response: { 200: unsubscribeAnswer, ...errorAnswers(400, 404) },
      },
    },
    async (request) => unsubscribe(request.query),
  );
  // RFC 8058 one-click (List-Unsubscribe-Post) posts to the same URL, with the form body
  // `List-Unsubscribe=One-Click`: its own scope reads that body (a few bytes) and ignores it.
  await app.register(async (plain) => {
    const scope = plain.withTypeProvider<ZodTypeProvider>();
    scope.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string', bodyLimit: 1024 }, (_request, _body, done) =>
      done(null, undefined),
    );
    scope.post(
      '/free-slot-alerts/unsubscribe',
      {
        config: { access: 'public' },
        schema: {
          tags: ['mine bookinger'],
          summary: 'One-click end of a free-time alert (RFC 8058 POST)',
          querystring: unsubscribeQuery,
          response: { 200: unsubscribeAnswer, ...errorAnswers(400, 404) },
        },
      },
      async (request) => unsubscribe(request.query),
    );
  });
};
