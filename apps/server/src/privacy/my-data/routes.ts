import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { apiError } from '@lokaler/domain/api-error';
import { myDataDeletion, myDataExport } from '@lokaler/domain/my-data';
import { todayInOslo } from '@lokaler/domain/scheduling/oslo-clock';
import { currentUser } from '../../auth/index';
import { deleteMyData } from './delete-my-data';
import { getMyData } from './get-my-data';
import { renderSummary, SUMMARY_CSP } from './render-summary';

const errors = { 401: apiError, 403: apiError };
const security = [{ bearer: [] }];
const tags = ['mine data'];
const onlyOwn =
  "Only the logged-in person's own data, whatever organisation they act for: the bookings they sent or took over, not an organisation's bookings other representatives sent (decision 057).";

/** 'Mine data' (decision 057): the person's copy of what the portal holds about them, and their deletion request. */
export const myDataRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app.database;
  const read = (user: ReturnType<typeof currentUser>) => getMyData({ db, user, orgRegistry: app.orgRegistry, now: new Date() });
  const filename = (extension: string) => `mine-data-${todayInOslo(new Date())}.${extension}`;

  app.get(
    '/user/my-data',
    {
      config: { access: 'citizen' },
      schema: {
        tags,
        summary: 'Everything the portal holds about the caller, as a JSON attachment mine-data-{date}.json',
        description: `${onlyOwn} Identity numbers are masked to the birth date; the calendar feed's secret address is left out.`,
        security,
        response: { 200: myDataExport, ...errors },
      },
    },
    async (request, reply) => {
      reply.header('content-disposition', `attachment; filename="${filename('json')}"`).header('cache-control', 'no-store');
      return read(currentUser(request));
    },
  );

  app.get(
    '/user/my-data/summary',
    {
      config: { access: 'citizen' },
      schema: {
        tags,
        summary: 'The same content as a readable, printable HTML document in Norwegian, as an attachment mine-data-{date}.html',
        description: `${onlyOwn} text/html without scripts, under a Content-Security-Policy that allows only its own style block.`,
        security,
        response: { 200: z.string().describe('text/html; charset=utf-8'), ...errors },
      },
    },
    async (request, reply) => {
      const html = renderSummary(await read(currentUser(request)));
      return reply
        .type('text/html; charset=utf-8')
        .header('content-disposition', `attachment; filename="${filename('html')}"`)
        .header('cache-control', 'no-store')
        .header('content-security-policy', SUMMARY_CSP)
        .send(html);
    },
  );

  app.post(
    '/user/my-data/deletion',
    {
      config: { access: 'citizen' },
      schema: {
        tags,
        summary: 'Deletes what the law allows now; answers what went and what is kept, with the reason and until when',
        description:
          `${onlyOwn} No body. 200 also when nothing could go (the answer lists what is kept and why). ` +
          'Kept: contact details of bookings not yet over, finished bookings themselves (accounts, archive), vedtak and contracts, the account. ' +
          "Gone: free-time alerts, the personal calendar feed, contact-form messages, finished bookings' contact details, finished weddings' identity number, certificate and details, the e-mail when no active booking needs it.",
        security,
        response: { 200: myDataDeletion, ...errors },
      },
    },
    async (request) => {
      const user = currentUser(request);
      const { answer, counts } = await deleteMyData({ db, user, now: new Date(), bookingMonths: app.config.retention.bookingMonths });
      // Who (the user id), when (the log line's time) and how many: no personal data (decision 057).
      request.log.info({ userId: user.userId, deleted: counts }, "Personal data deleted at the person's request");
      return answer;
    },
  );
};
