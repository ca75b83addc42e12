import { createRequire } from 'node:module';
import type WinkNlp from 'wink-nlp';

/**
 * Parts of speech for structure and summaries: wink-nlp with its lite English model (MIT). The model
 * is about 4 MB of JSON and takes a second or more to load, so it loads on the first structure or
 * summary, not when the server starts. Only short lines (heading and name candidates, action items)
 * are tagged: tagging a whole 10,000-word note costs more than the engine's budget.
 */
type Nlp = ReturnType<typeof WinkNlp>;

let nlp: Nlp | undefined;
let requested = false;

/** Whether anything has asked for the model yet (the lazy-loading test reads it). */
export function nlpRequested(): boolean {
  return requested;
}

function load(): Nlp {
  requested = true;
  if (!nlp) {
    const require = createRequire(import.meta.url);
    const winkNLP = require('wink-nlp') as typeof WinkNlp;
    // Sentence boundaries and parts of speech only: no entities, negation or sentiment.
    nlp = winkNLP(require('wink-eng-lite-web-model'), ['sbd', 'pos']);
  }
  return nlp;
}

export interface Token {
  text: string;
  /** Universal part-of-speech tag: NOUN, PROPN, VERB, AUX, ADP, DET, NUM, PUNCT... */
  pos: string;
}

const cache = new Map<string, Token[]>();
const CACHE_LIMIT = 2000;

/** The tokens of a short text with their parts of speech. */
export function tag(text: string): Token[] {
  const cached = cache.get(text);
  if (cached) return cached;
  const model = load();
  const doc = model.readDoc(text);
  const words = doc.tokens().out() as string[];
  const tags = doc.tokens().out(model.its.pos) as string[];
  const tokens = words.map((word, index) => ({ text: word, pos: tags[index] ?? 'X' }));
  if (cache.size >= CACHE_LIMIT) cache.clear();
  cache.set(text, tokens);
  return tokens;
}

/**
 * Whether a short line says something happens: a finite verb (or an auxiliary), not a verb in
 * 'Steps to reproduce' (after 'to') or a capitalised first word the tagger calls a verb
 * ('Release 2.4 status' is a noun phrase).
 */
export function hasFiniteVerb(text: string): boolean {
  const tokens = tag(text);
  return tokens.some((token, index) => {
    if (token.pos === 'AUX') return true;
    if (token.pos !== 'VERB') return false;
    if (tokens[index - 1]?.pos === 'PART') return false;
    // 'Export crashes on large notes', 'Support staffing': a noun-like first word with no subject.
    if (index === 0) return false;
    // A gerund or participle after a noun ('Lena finished' is finite, 'onboarding screens' is not).
    return !/ing$/i.test(token.text) || tokens[index - 1]?.pos === 'AUX';
  });
}

const SECTION_WORDS =
  /^(?:agenda|notes?|summary|minutes|decisions?|actions?|links?|questions?|updates?|announcements?|discussion|background|context|next|todos?|tasks?|attendees|attendance|present|participants|others|introduction|overview|conclusions?|results?|goals?|ideas?|misc|other|references?|resources|usage|install(?:ation)?|api|examples?|license|credits|faq|support|contributing|requirements|options|details|status|timeline|budget|risks?)$/i;

/**
 * Whether a line is a person's name and nothing else: one to four capitalised words the tagger
 * reads as proper nouns ('Maria Lopez', 'Dr. Haddad'), or a handle ('@jonas').
 */
export function isPersonName(text: string): boolean {
  const plain = text.replace(/\s*\([^)]*\)\s*$/, '').trim();
  if (/^@[\w.-]+$/.test(plain)) return true;
  const parts = plain.split(/\s+/);
  // One capitalised word the tagger calls a proper noun may be a section label ('Agenda').
  if (parts.length === 1 && SECTION_WORDS.test(plain)) return false;
  if (parts.length === 0 || parts.length > 4 || !parts.every((part) => /^\p{Lu}[\p{L}'’.-]*$/u.test(part)))
    return false;
  return tag(plain).every((token) => token.pos === 'PROPN' || token.pos === 'PUNCT');
}
