import type { NormalizedPhone } from '../phone.js';

/**
 * A representative IANA zone for a number, so calling windows can be applied
 * in the callee's local time. Limits, by design: a phone number does not say
 * where its owner is (mobile numbers travel, numbers are ported), so this is
 * a best guess. Single-zone countries map directly; for the multi-zone ones
 * (US, CA, AU, BR, MX, RU) a small table of common area codes picks the zone,
 * and any other area code gets the country's most populous zone. Countries
 * missing from the table give null (the caller then decides: campaigns may
 * use their own default zone).
 */
export function timeZoneOf(phone: NormalizedPhone): string | null {
  if (!phone.country) return null;
  const byArea = AREA_ZONES[phone.country];
  if (byArea) {
    for (const length of [3, 2, 1]) {
      const zone = byArea.codes[phone.national.slice(0, length)];
      if (zone) return zone;
    }
    return byArea.fallback;
  }
  return COUNTRY_ZONES[phone.country] ?? null;
}

/** Area code → zone, from compact "zone: code code ..." lists. */
function table(fallback: string, groups: Record<string, string>): { fallback: string; codes: Record<string, string> } {
  const codes: Record<string, string> = {};
  for (const [zone, list] of Object.entries(groups)) for (const code of list.split(/\s+/).filter(Boolean)) codes[code] = zone;
  return { fallback, codes };
}

const AREA_ZONES: Record<string, { fallback: string; codes: Record<string, string> }> = {
  // NANP area codes (3 digits). Eastern is the most populous zone, hence the fallback.
  US: table('America/New_York', {
    'America/Los_Angeles':
      '206 253 360 425 509 503 541 971 458 209 213 279 310 323 341 408 415 424 442 510 530 559 562 619 626 628 650 657 661 669 707 714 747 760 805 818 820 831 858 909 916 925 949 951 702 725 775',
    'America/Denver': '303 719 720 970 385 435 801 505 575 406 307 208 986 915',
    'America/Phoenix': '480 520 602 623 928',
    'America/Chicago':
      '210 214 254 281 312 773 872 630 708 779 815 847 224 309 217 618 314 316 318 337 402 405 501 504 512 601 612 615 629 651 713 715 763 806 817 830 832 901 903 918 940 952 956 972 979 469 682 737 346 205 251 256 334 262 414 608 920 319 515 563 641 712 620 785 913 816 417 573 636 660 225 985 870 479 580 918 539 218 320 507 701 605 731 662 228 769 361 409 430 432 512 726',
    'America/Anchorage': '907',
    'Pacific/Honolulu': '808',
  }),
  CA: table('America/Toronto', {
    'America/Winnipeg': '204 431',
    'America/Regina': '306 639',
    'America/Edmonton': '403 587 780 825 368',
    'America/Vancouver': '604 778 236 250 672',
    'America/Halifax': '902 782',
    'America/Moncton': '506',
    'America/St_Johns': '709',
    'America/Whitehorse': '867',
  }),
  // Australian national numbers: 2 NSW/ACT, 3 VIC/TAS, 7 QLD, 8 SA/WA/NT (Perth is the larger), 4 mobiles.
  AU: table('Australia/Sydney', {
    'Australia/Sydney': '2 4',
    'Australia/Melbourne': '3',
    'Australia/Brisbane': '7',
    'Australia/Perth': '8',
  }),
  // Brazilian DDD codes (2 digits); most of the population is on Brasília time.
  BR: table('America/Sao_Paulo', {
    'America/Cuiaba': '65 66',
    'America/Campo_Grande': '67',
    'America/Rio_Branco': '68',
    'America/Porto_Velho': '69',
    'America/Manaus': '92 97',
    'America/Boa_Vista': '95',
  }),
  MX: table('America/Mexico_City', {
    'America/Tijuana': '664 686 665 646',
    'America/Hermosillo': '662',
    'America/Chihuahua': '614',
    'America/Mazatlan': '669 667',
    'America/Cancun': '998 983 984',
  }),
  RU: table('Europe/Moscow', {
    'Asia/Yekaterinburg': '343 351 345',
    'Asia/Omsk': '381',
    'Asia/Novosibirsk': '383',
    'Asia/Krasnoyarsk': '391',
    'Asia/Irkutsk': '395',
    'Asia/Vladivostok': '423',
    'Asia/Yakutsk': '411',
    'Europe/Samara': '846',
    'Europe/Kaliningrad': '401',
  }),
};

/** One zone per country, for the countries callers most often dial; extend as customers need. */
const COUNTRY_ZONES: Record<string, string> = {
  GB: 'Europe/London',
  IE: 'Europe/Dublin',
  FR: 'Europe/Paris',
  DE: 'Europe/Berlin',
  ES: 'Europe/Madrid',
  PT: 'Europe/Lisbon',
  IT: 'Europe/Rome',
  NL: 'Europe/Amsterdam',
  BE: 'Europe/Brussels',
  LU: 'Europe/Luxembourg',
  CH: 'Europe/Zurich',
  AT: 'Europe/Vienna',
  DK: 'Europe/Copenhagen',
  SE: 'Europe/Stockholm',
  NO: 'Europe/Oslo',
  FI: 'Europe/Helsinki',
  IS: 'Atlantic/Reykjavik',
  PL: 'Europe/Warsaw',
  CZ: 'Europe/Prague',
  SK: 'Europe/Bratislava',
  HU: 'Europe/Budapest',
  RO: 'Europe/Bucharest',
  BG: 'Europe/Sofia',
  GR: 'Europe/Athens',
  TR: 'Europe/Istanbul',
  UA: 'Europe/Kyiv',
  HR: 'Europe/Zagreb',
  SI: 'Europe/Ljubljana',
  RS: 'Europe/Belgrade',
  EE: 'Europe/Tallinn',
  LV: 'Europe/Riga',
  LT: 'Europe/Vilnius',
  CY: 'Asia/Nicosia',
  MT: 'Europe/Malta',
  IL: 'Asia/Jerusalem',
  AE: 'Asia/Dubai',
  SA: 'Asia/Riyadh',
  QA: 'Asia/Qatar',
  EG: 'Africa/Cairo',
  MA: 'Africa/Casablanca',
  NG: 'Africa/Lagos',
  KE: 'Africa/Nairobi',
  ZA: 'Africa/Johannesburg',
  GH: 'Africa/Accra',
  IN: 'Asia/Kolkata',
  PK: 'Asia/Karachi',
  BD: 'Asia/Dhaka',
  LK: 'Asia/Colombo',
  CN: 'Asia/Shanghai',
  HK: 'Asia/Hong_Kong',
  TW: 'Asia/Taipei',
  JP: 'Asia/Tokyo',
  KR: 'Asia/Seoul',
  SG: 'Asia/Singapore',
  MY: 'Asia/Kuala_Lumpur',
  TH: 'Asia/Bangkok',
  VN: 'Asia/Ho_Chi_Minh',
  PH: 'Asia/Manila',
  ID: 'Asia/Jakarta',
  NZ: 'Pacific/Auckland',
  AR: 'America/Argentina/Buenos_Aires',
  CL: 'America/Santiago',
  CO: 'America/Bogota',
  PE: 'America/Lima',
  VE: 'America/Caracas',
  EC: 'America/Guayaquil',
  UY: 'America/Montevideo',
  PY: 'America/Asuncion',
  BO: 'America/La_Paz',
  CR: 'America/Costa_Rica',
  PA: 'America/Panama',
  GT: 'America/Guatemala',
  DO: 'America/Santo_Domingo',
  PR: 'America/Puerto_Rico',
  JM: 'America/Jamaica',
};
