import { z } from 'zod';
import { locationAboutFields, tenantInfoFields, type TenantInfoFields } from '@lokaler/domain/admin-location';
import type { LocationAbout } from '@lokaler/domain/location';
import { viaDomainSchema } from './form-schema';

const aboutFormValues = z.object({
  about: z.object({ whoCanApply: z.string(), locationCosts: z.string(), loanCriteria: z.string() }),
  tenantInfo: z.object({
    heading: z.string(),
    description: z.string(),
    links: z.array(z.object({ url: z.string(), linkText: z.string() })),
  }),
});
export type AboutFormValues = z.input<typeof aboutFormValues>;

/**
 * The practical information is optional as a whole (the portal then shows the generated text): left
 * empty, it is not sent; once anything is written, heading and description are required.
 */
export const aboutFormSchema = viaDomainSchema(
  aboutFormValues,
  z.object({ about: locationAboutFields, tenantInfo: tenantInfoFields.nullable() }),
  ({ about, tenantInfo }) => {
    const empty =
      !tenantInfo.heading.trim() && !tenantInfo.description.trim() && tenantInfo.links.every((l) => !l.url.trim() && !l.linkText.trim());
    return { about, tenantInfo: empty ? null : tenantInfo };
  },
);

export function aboutFormDefaults(about: LocationAbout, tenantInfo: TenantInfoFields | null): AboutFormValues {
  return {
    about: { whoCanApply: about.whoCanApply ?? '', locationCosts: about.locationCosts ?? '', loanCriteria: about.loanCriteria ?? '' },
    tenantInfo: {
      heading: tenantInfo?.heading ?? '',
      description: tenantInfo?.description ?? '',
      links: tenantInfo?.links.map((l) => ({ ...l })) ?? [],
    },
  };
}

export const aboutTextLabels: Record<keyof LocationAbout, { label: string; description: string }> = {
  whoCanApply: { label: 'Hvem kan søke', description: 'Hvem som kan låne eller leie lokalet.' },
  locationCosts: { label: 'Hva koster det', description: 'Priser og hva som er gratis.' },
  loanCriteria: { label: 'Vilkår for lån og leie', description: 'Regler leietakerne må følge.' },
};
