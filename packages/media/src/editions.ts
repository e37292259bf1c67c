/**
 * The names of a title's audio editions, written once for every place that shows them: the
 * master playlist (Safari's and TV players' own audio menus), the player's menu, the files
 * page and the title page. Pure text, no Node: the web app imports it too.
 *
 * Persian writes the construct state of a word ending in a silent «ه» with a hamza above
 * («دوبلهٔ فارسی», «نسخهٔ …»), not with a separate «ی» («دوبله‌ی»), as the site does everywhere.
 */

/** The original soundtrack, when its language is not known. */
export const ORIGINAL_AUDIO = 'صدای اصلی';
/** A Persian dub whose studio is not known. */
export const PERSIAN_DUB = 'دوبلهٔ فارسی';

/** `صدای اصلی — انگلیسی`: the original soundtrack, named by its language (Persian name) when known. */
export function originalAudioLabel(languageName: string | null | undefined): string {
  const name = languageName?.trim();
  return name ? `${ORIGINAL_AUDIO} — ${name}` : ORIGINAL_AUDIO;
}

/** `دوبلهٔ فارسی — سورن`: a Persian dub, named by its studio when known. */
export function dubLabel(studio: string | null | undefined): string {
  const name = studio?.trim();
  return name ? `${PERSIAN_DUB} — ${name}` : PERSIAN_DUB;
}

/**
 * ISO 639-2 codes that media files carry in their language tags (`eng`, both the bibliographic
 * `fre`/`ger`/`per` and terminological `fra`/`deu`/`fas` forms), as the two-letter codes the
 * catalogue uses.
 */
const ISO_639_2: Record<string, string> = {
  ara: 'ar', arm: 'hy', hye: 'hy', aze: 'az', bel: 'be', ben: 'bn', bul: 'bg', cat: 'ca', chi: 'zh', zho: 'zh',
  cze: 'cs', ces: 'cs', dan: 'da', dut: 'nl', nld: 'nl', eng: 'en', est: 'et', fin: 'fi', fre: 'fr', fra: 'fr',
  geo: 'ka', kat: 'ka', ger: 'de', deu: 'de', gre: 'el', ell: 'el', heb: 'he', hin: 'hi', hun: 'hu', ice: 'is',
  isl: 'is', ind: 'id', gle: 'ga', ita: 'it', jpn: 'ja', kor: 'ko', kur: 'ku', lat: 'la', lav: 'lv', lit: 'lt',
  may: 'ms', msa: 'ms', nor: 'no', nob: 'nb', per: 'fa', fas: 'fa', pol: 'pl', por: 'pt', pus: 'ps', rum: 'ro',
  ron: 'ro', rus: 'ru', srp: 'sr', slo: 'sk', slk: 'sk', slv: 'sl', spa: 'es', swe: 'sv', tgl: 'tl', tha: 'th',
  tur: 'tr', ukr: 'uk', urd: 'ur', vie: 'vi', wel: 'cy', cym: 'cy',
};

/**
 * The catalogue's language code (ISO 639-1, lower case) of a media stream's language tag
 * (`eng`, `en`, `en-US`, `per`), or null for none, `und` ("undetermined"), `mul`, `zxx` and
 * anything unrecognised.
 */
export function languageOfTag(tag: string | null | undefined): string | null {
  const primary = (tag ?? '').trim().toLowerCase().split(/[-_]/)[0] ?? '';
  if (/^[a-z]{2}$/.test(primary)) return primary;
  return ISO_639_2[primary] ?? null;
}
