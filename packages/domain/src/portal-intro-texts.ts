/**
 * The headings and introductions at the top of the portal's home page and venue list (spec 01 §2),
 * shared by the portal, which renders them, and the server, which writes them into index.html's
 * starting shell so they are painted with the HTML (decision 028).
 */

/** The home page's heading and introduction; the venue list's general title and intro use the same introduction. */
export const homeIntro = {
  title: 'Finn lokaler til lån og leie',
  intro:
    'Både privatpersoner og organisasjoner kan låne eller leie kommunens lokaler. Mange lokaler kan du søke om digitalt her, andre må du kontakte direkte.',
} as const;

export type VenueListCategory = 'skoler' | 'barnehager' | 'biblioteker' | 'bydelslokaler';

/** The venue list's title and intro: one chosen category gives its own, none or several the general one. */
export const venueListIntros: {
  general: { title: string; intro: string };
  byCategory: Record<VenueListCategory, { title: string; intro: string }>;
} = {
  general: { title: 'Lokaler til lån og leie', intro: homeIntro.intro },
  byCategory: {
    skoler: {
      title: 'Lån av skolelokaler',
      intro: 'Skolene låner ut gymsaler, aulaer, kantiner og klasserom på kveldstid og i helgene, til lag, foreninger og privatpersoner.',
    },
    barnehager: {
      title: 'Lån av lokaler i barnehager',
      intro: 'Kommunale barnehager låner ut fellesrom og møterom utenom åpningstiden, for eksempel til barneselskap og møter.',
    },
    biblioteker: {
      title: 'Lån av rom på bibliotekene',
      intro: 'Bibliotekene har møterom og arrangementsrom til møter, kurs og arrangementer som er åpne for alle.',
    },
    bydelslokaler: {
      title: 'Lån og leie av bydelslokaler',
      intro: 'Bydelene har storsaler, selskapslokaler og møterom til arrangementer, kurs og selskap.',
    },
  },
};

/**
 * The admin app's start page: the introduction under its heading, logged in or not, written into the
 * starting shell too (its largest text, so the page's largest paint comes with the HTML).
 */
export const adminStartIntro = 'Her behandler du søknader om lån og leie av lokalene du administrerer.';
