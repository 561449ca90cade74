import { isSupportedCountry, parsePhoneNumberFromString, type CountryCode } from 'libphonenumber-js';
import { validationFailed } from './errors.js';

/**
 * The one place phone numbers are parsed (contacts, do-not-call, numbers,
 * campaigns). They are stored and compared in E.164 only (`+14155550123`), so
 * the contact and do-not-call lookups are plain equality on an index. Numbers
 * written without a country code need a default country (ISO 3166 alpha-2).
 */
export interface NormalizedPhone {
  e164: string;
  /** ISO 3166 alpha-2, when the number belongs to one country (not e.g. +800). */
  country: string | null;
  /** The national significant number, for the area-code time zone lookup. */
  national: string;
}

/** Throws VALIDATION_FAILED naming `field` when `raw` is not a valid number. */
export function normalizePhone(raw: string, field: string, defaultCountry?: string): NormalizedPhone {
  const result = tryNormalizePhone(raw, defaultCountry);
  if (!result.ok) throw validationFailed([{ field, message: result.reason }], `${field} is not a valid phone number`);
  return result.phone;
}

/** The non-throwing form, for CSV rows (each bad row is reported, not fatal). */
export function tryNormalizePhone(raw: string, defaultCountry?: string): { ok: true; phone: NormalizedPhone } | { ok: false; reason: string } {
  const text = raw.trim();
  if (!text) return { ok: false, reason: 'is empty' };
  if (text.length > 40) return { ok: false, reason: 'is longer than 40 characters' };
  const country = defaultCountry?.toUpperCase();
  if (country !== undefined && !isSupportedCountry(country))
    return { ok: false, reason: `default_country ${defaultCountry} is not a known ISO 3166 country code` };
  const parsed = parsePhoneNumberFromString(text, country as CountryCode | undefined);
  if (!parsed) {
    return {
      ok: false,
      reason:
        text.startsWith('+') || country ? 'is not a phone number' : 'is not in E.164 form (+ and country code); send default_country for national numbers',
    };
  }
  if (!parsed.isValid()) return { ok: false, reason: `${parsed.number} is not a valid number for its country` };
  return { ok: true, phone: { e164: parsed.number, country: parsed.country ?? null, national: parsed.nationalNumber } };
}

export function checkDefaultCountry(value: string | undefined, field: string): string | undefined {
  if (value === undefined) return undefined;
  if (!isSupportedCountry(value.toUpperCase())) throw validationFailed([{ field, message: 'is not a known ISO 3166 alpha-2 country code' }]);
  return value.toUpperCase();
}
