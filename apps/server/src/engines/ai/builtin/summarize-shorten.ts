// A kept sentence in fewer of the note's own words: what a reader skips goes, so the same length
// carries more points (decision 092). Only words are taken out, never changed or added, and nothing
// that carries what was said: no negation, hedge that changes certainty, number, name or code.

/** Discourse markers that open a sentence and only link it to the one before. */
const LEADING_MARKER = `(?:so|well|ok(?:ay)?|anyway|basically|actually|honestly|right|also|plus|besides|indeed|now|again|still|then|meanwhile|similarly|likewise|overall|personally|frankly|clearly|obviously|interestingly|importantly|notably|thankfully|luckily|fortunately|unfortunately|sadly|surprisingly|admittedly|finally|lastly|first(?:ly)?|second(?:ly)?|third(?:ly)?|next|however|in addition|additionally|moreover|furthermore|in fact|of course|as such|as a result|as mentioned|as discussed|as noted|as you (?:may |might )?know|for (?:example|instance)|in particular|in other words|in short|in the end|at the same time|that said|having said that|on the other hand|to be (?:fair|honest)|by the way|after all|needless to say|as a reminder|to recap|in summary|in conclusion|to summari[sz]e|to sum up|long story short|all in all|that being said|at the end of the day|for what it(?:'s|’s| is) worth|as it turns out|fyi|in this (?:post|article|blog post|note|section|tutorial|guide|email|e-mail|update))`;

/** Sentence openers that announce a point instead of making it: 'Note that', 'It is worth noting that'. */
const ANNOUNCING =
  /^(?:(?:please\s+)?note\s+that|remember\s+that|keep\s+in\s+mind\s+that|bear\s+in\s+mind\s+that|it(?:'s|’s|\s+is)\s+worth\s+(?:noting|mentioning|pointing\s+out)\s+that|it\s+should\s+be\s+noted\s+that|(?:I|we)\s+(?:would|'d|’d)\s+(?:like\s+to\s+)?(?:say|add|mention|point\s+out|note)\s+that|(?:I|we)\s+(?:just\s+)?want(?:ed)?\s+to\s+(?:let\s+(?:you|everyone|you\s+all)\s+know|say|mention|point\s+out|share|note|flag)\s+that|(?:just\s+)?a\s+(?:quick\s+|friendly\s+|gentle\s+)?reminder\s+that|it\s+turns\s+out(?:\s+that)?|(?:I|we)(?:'m|’m|'re|’re|\s+am|\s+are)\s+(?:very\s+)?(?:happy|pleased|excited|thrilled|glad|proud)\s+to\s+(?:announce|share|report|say|let\s+you\s+know)\s+that)\s+/i;

/** An issue or pull request: '#12', 'rust-lang/rust#12', '[#12](url)' (its address held aside as '`3`'). */
const REFERENCE = String.raw`\[?(?:[\w.-]+\/[\w.-]+)?#\d+\]?(?:\x60\d+\x60)?`;

const FILLERS: Array<[RegExp, string]> = [
  // 'So, ...', 'However, ...', 'For example, ...' (as many as open the sentence).
  [new RegExp(String.raw`^(?:${LEADING_MARKER}\s*,\s*)+`, 'i'), ''],
  // 'So we ...', 'And then ...', 'But it ...' without a comma: only markers that never start a clause's content.
  [/^(?:(?:so|well|basically|actually|honestly|and|but|also|plus)\s+)+(?=\p{L})/iu, ''],
  [ANNOUNCING, ''],
  // Stance and hedges of speech that leave the claim as it was: 'I think', 'in my opinion', 'IMO'.
  [
    /\b(?:I|we)\s+(?:think|believe|guess|suppose|reckon)\s+(?:that\s+|(?=(?:we|it|this|that|they|he|she|you|there|I|the|a|an|our|my|your|their)\b))|\b(?:I|we)\s+feel\s+that\s+/gi,
    '',
  ],
  [
    /,?\s*\b(?:in my (?:opinion|view|experience)|to be (?:honest|fair)|if you ask me|as far as I (?:know|can tell)|imo|imho|iirc|afaik|afaict|fwiw|tbh)\b,?/gi,
    '',
  ],
  [
    /,?\s*\b(?:basically|actually|just|really|kind of|sort of|you know|I mean|of course|obviously|literally|simply|definitely|certainly|totally|truly)\b,?/gi,
    '',
  ],
  // Intensifiers before a word they only strengthen ('very useful'); not 'very much', 'not quite'.
  [
    /(?<!\bnot\s)\b(?:very|quite|extremely|incredibly)\s+(?!(?:much|many|few|little|well|a|an|the)\b)(?=\p{L})/giu,
    '',
  ],
  [/\bin order to\b/gi, 'to'],
  // 'also' inside a clause adds nothing the clause needs ('pietroalbini also volunteered').
  [/(?<=\p{L}[\p{L}\d'’-]*)\s+also\s+(?=\p{L})/gu, ' '],
  // 'as well' closing a sentence repeats 'also'.
  [/,?\s+as well(?=[.!?]?$)/i, ''],
  // A thank-you or a cc in brackets: '(thanks @x)', '(h/t Sam)', '(cc @team)', '(via @y)'.
  [
    /\s+\((?:thanks?(?:\s+to)?|thank you|h\/t|hat tip(?:\s+to)?|cc|via|credit(?:\s+to)?|kudos(?:\s+to)?)\b[^()]{0,60}\)/gi,
    '',
  ],
  // A pointer elsewhere in brackets: '(see the RFC for details)', '(e.g. ...)', '(#1234)', '(rust-lang/rust#12)', '([#12](url))'.
  [
    /\s+\((?:see|cf\.?|refs?\.?|related:?|e\.g\.|i\.e\.|for (?:example|instance|details|more))\b[^()]{0,80}\)/gi,
    '',
  ],
  [
    new RegExp(String.raw`\s+\((?:(?:issue|pr|pull request)\s*)?${REFERENCE}(?:,\s*${REFERENCE})*\)`, 'gi'),
    '',
  ],
  // A closing pointer: ', see #1234.'
  [new RegExp(String.raw`,?\s+(?:see|cf\.?)\s+${REFERENCE}(?=[.!?]?$)`, 'i'), ''],
  // An aside in brackets with no number, name or code in it: '(these ones!)', '(with the private parts removed)'.
  // Not one that limits the claim: '(except for tiny test cases)', '(only on Windows)'.
  [
    /\s+\((?!(?:except|unless|but|not|only|if|when|without|or|and)\b)(?![^)]*[\d\p{Lu}`#@/])[^()]{1,60}\)/gu,
    '',
  ],
];

/** Code spans, a link's address and bare URLs. */
const HELD_ASIDE = /`[^`]+`|\]\([^)\s]*(?:\s+"[^"]*")?\)|<?https?:\/\/[^\s)>]+>?/g;

/** A sentence without its fillers, capitalised again; unchanged when that would leave too little. */
export function shorten(sentence: string): string {
  // Code, link addresses and bare URLs are held aside: their words are never fillers ('`just build`').
  const held: string[] = [];
  let text = sentence.replace(HELD_ASIDE, (part) => `\`${held.push(part) - 1}\``);
  for (const [pattern, replacement] of FILLERS) text = text.replace(pattern, replacement);
  text = text.replace(/`(\d+)`/g, (part, index: string) => held[Number(index)] ?? part);
  text = text
    .replace(/\s{2,}/g, ' ')
    .replace(/\s+([,.;:!?])/g, '$1')
    .replace(/^[,;:\s]+/, '')
    .trim();
  if (text === sentence || text.split(/\s+/).length < 3) return sentence;
  // Capitalised again only when the start was cut ('So, we can' -> 'We can').
  if (text[0] === sentence[0]) return text;
  return text.replace(/^(\W*)(\p{Ll})/u, (_, lead: string, first: string) => lead + first.toUpperCase());
}
