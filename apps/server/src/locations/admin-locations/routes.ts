import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  adminLocationDetails,
  createLocationBody,
  createLocationResponse,
  linkIdParams,
  locationAboutFields,
  locationInfoFields,
  locationInvitation,
  locationInvitations,
  locationPreferences,
  newLocationWizard,
  putStepStatusBody,
  stepParams,
  tenantInfoFields,
  tenantInfoResponse,
} from '@lokaler/domain/admin-location';
import { apiError } from '@lokaler/domain/api-error';
import { idParams } from '@lokaler/domain/id-param';
import { location, locationAbout } from '@lokaler/domain/location';
import { currentUser } from '../../auth/index';
import { claimInvitation } from './claim-invitation';
import { createLocation } from './create-location';
import { getAdminLocation } from './get-admin-location';
import { getPreferences } from './get-preferences';
import { getTenantInfo } from './get-tenant-info';
import { listInvitations } from './list-invitations';
import { getNewLocationWizard } from './new-location-wizard';
import { publishLocation } from './publish-location';
import { putAboutTexts } from './put-about-texts';
import { putLocationInfo } from './put-location-info';
import { putPreferences } from './put-preferences';
import { putStepStatus } from './put-step-status';
import { putTenantInfo } from './put-tenant-info';
import { resendInvitation } from './resend-invitation';

const errors = { 400: apiError, 401: apiError, 403: apiError, 404: apiError, 422: apiError };
const security = [{ bearer: [] }];
const tags = ['admin'];

/**
 * A city sets up its own locations (decision 015): the city admin's invitations, the new-location
 * wizard, and a location's fields, preferences and texts. Every route authenticates in onRequest, so an
 * anonymous caller gets 401 before a body is read; the services check who manages which location.
 */
export const adminLocationRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app.database;
  const { config } = app;

  app.post(
    '/admin/new-locations',
    {
      config: { access: 'cityAdmin' },
      schema: {
        tags,
        summary: 'Create a location (UNPUBLISHED) and e-mail its first administrator the invitation (city admins)',
        security,
        body: createLocationBody,
        response: { 201: createLocationResponse, ...errors },
      },
    },
    async (request, reply) => {
      const created = await createLocation({
        db,
        user: currentUser(request),
        body: request.body,
        invitationDays: config.locationInvitationDays,
        adminPublicUrl: config.adminPublicUrl,
      });
      return reply.code(201).send(created);
    },
  );

  app.get(
    '/admin/new-locations',
    {
      config: { access: 'cityAdmin' },
      schema: {
        tags,
        summary: 'Every invitation to set up a location: SENT, USED, EXPIRED or PUBLISHED (city admins)',
        security,
        response: { 200: locationInvitations, ...errors },
      },
    },
    async (request) => listInvitations({ db, user: currentUser(request) }),
  );

  app.post(
    '/admin/new-locations/:id/resend',
    {
      config: { access: 'cityAdmin' },
      schema: {
        tags,
        summary: 'Send the invitation again: a new link, valid LOCATION_INVITATION_DAYS from now; the old link stops working (city admins)',
        security,
        description:
          '409 once the invited person has claimed it or the location is published; 404 for an unknown invitation or a deleted location.',
        params: idParams,
        response: { 200: locationInvitation, 409: apiError, ...errors },
      },
    },
    async (request) =>
      resendInvitation({
        db,
        user: currentUser(request),
        invitationId: request.params.id,
        invitationDays: config.locationInvitationDays,
        adminPublicUrl: config.adminPublicUrl,
      }),
  );

  app.post(
    '/admin/new-location/:linkId/claim',
    {
      config: { access: 'adminClient' },
      schema: {
        tags,
        summary: "Take the invitation: the caller becomes the location's administrator",
        security,
        description:
          'Only a login whose e-mail (ADMIN_OIDC_USER_CLAIM) is the invited one: another gets 403 and the link still works for the invited person. ' +
          '410 when another login of that address claimed it, or when it expired unclaimed; 404 for an unknown link (also one replaced by a re-send).',
        params: linkIdParams,
        response: { 200: newLocationWizard, 410: apiError, ...errors },
      },
    },
    async (request) => claimInvitation({ db, user: currentUser(request), linkId: request.params.linkId }),
  );

  app.get(
    '/admin/new-location/:linkId',
    {
      config: { access: 'admin' },
      schema: {
        tags,
        summary: "The wizard: the location and each step's status",
        security,
        params: linkIdParams,
        response: { 200: newLocationWizard, ...errors },
      },
    },
    async (request) => getNewLocationWizard({ db, user: currentUser(request), linkId: request.params.linkId }),
  );

  app.put(
    '/admin/new-location/:linkId/steps/:step',
    {
      config: { access: 'admin' },
      schema: {
        tags,
        summary: 'Mark a step STARTED or SAVED (a SAVED step stays SAVED)',
        security,
        params: stepParams,
        body: putStepStatusBody,
        response: { 200: newLocationWizard, ...errors, 409: apiError },
      },
    },
    async (request) =>
      putStepStatus({
        db,
        user: currentUser(request),
        linkId: request.params.linkId,
        step: request.params.step,
        status: request.body.status,
      }),
  );

  app.post(
    '/admin/new-location/:linkId/publish',
    {
      config: { access: 'admin' },
      schema: {
        tags,
        summary: 'Publish the location: every step saved, a position, opening hours and a visible room (422 names what is missing)',
        security,
        params: linkIdParams,
        response: { 200: location, ...errors },
      },
    },
    async (request) => publishLocation({ db, user: currentUser(request), linkId: request.params.linkId }),
  );

  app.get(
    '/admin/location/:id',
    {
      config: { access: 'admin' },
      schema: {
        tags,
        summary: 'Every field of a location the administrator edits',
        security,
        params: idParams,
        response: { 200: adminLocationDetails, ...errors },
      },
    },
    async (request) => getAdminLocation({ db, user: currentUser(request), locationId: request.params.id }),
  );

  app.put(
    '/admin/location/:id',
    {
      config: { access: 'admin' },
      schema: {
        tags,
        summary: "Change a location's fields (the information message is sanitised)",
        security,
        params: idParams,
        body: locationInfoFields,
        response: { 200: adminLocationDetails, ...errors },
      },
    },
    async (request) => putLocationInfo({ db, user: currentUser(request), locationId: request.params.id, fields: request.body }),
  );

  app.get(
    '/preferences/location/:id',
    {
      config: { access: 'admin' },
      schema: {
        tags,
        summary: 'Behandlingstid, minimum duration, and what the public may book',
        security,
        params: idParams,
        response: { 200: locationPreferences, ...errors },
      },
    },
    async (request) => getPreferences({ db, user: currentUser(request), locationId: request.params.id }),
  );

  app.put(
    '/preferences/location/:id',
    {
      config: { access: 'admin' },
      schema: {
        tags,
        summary: 'Change the preferences (all at once)',
        security,
        params: idParams,
        body: locationPreferences,
        response: { 200: locationPreferences, ...errors },
      },
    },
    async (request) => putPreferences({ db, user: currentUser(request), locationId: request.params.id, preferences: request.body }),
  );

  app.put(
    '/admin/location/:id/about',
    {
      config: { access: 'admin' },
      schema: {
        tags,
        summary: 'Change the "Om lån og leie" texts (HTML, sanitised; GET /api/about/{id} shows them)',
        security,
        params: idParams,
        body: locationAboutFields,
        response: { 200: locationAbout, ...errors },
      },
    },
    async (request) => putAboutTexts({ db, user: currentUser(request), locationId: request.params.id, texts: request.body }),
  );

  app.get(
    '/admin/location/:id/tenant-info',
    {
      config: { access: 'admin' },
      schema: {
        tags,
        summary: 'The practical information for tenants, or null when the location has written none',
        security,
        params: idParams,
        response: { 200: tenantInfoResponse, ...errors },
      },
    },
    async (request) => getTenantInfo({ db, user: currentUser(request), locationId: request.params.id }),
  );

  app.put(
    '/admin/location/:id/tenant-info',
    {
      config: { access: 'admin' },
      schema: {
        tags,
        summary: 'Change the practical information for tenants (heading, description, links)',
        security,
        params: idParams,
        body: tenantInfoFields,
        response: { 200: tenantInfoFields, ...errors },
      },
    },
    async (request) => putTenantInfo({ db, user: currentUser(request), locationId: request.params.id, info: request.body }),
  );
};
