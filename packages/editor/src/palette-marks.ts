import Highlight from '@tiptap/extension-highlight';
import { Color, FontSize } from '@tiptap/extension-text-style';
import {
  DEFAULT_HIGHLIGHT_COLOR,
  toPaletteFontSize,
  toPaletteHighlightColor,
  toPaletteTextColor,
} from './allow-lists';

/**
 * The stock extensions accept any CSS value and render it verbatim into a `style` attribute, so a
 * pasted `color: red; background: url(...)` or a value sent by another collaborator would reach the
 * page. These overrides keep the same attributes and commands but only parse, set and render palette
 * values; anything else becomes "no colour" / "no size".
 */

export const PaletteColor = Color.extend({
  addGlobalAttributes() {
    return [
      {
        types: ['textStyle'],
        attributes: {
          color: {
            default: null,
            parseHTML: (element) => toPaletteTextColor(element.style.color),
            renderHTML: (attributes) => {
              const color = toPaletteTextColor(attributes.color);
              return color ? { style: `color: ${color}` } : {};
            },
          },
        },
      },
    ];
  },
  addCommands() {
    return {
      ...this.parent?.(),
      setColor:
        (color) =>
        ({ chain }) => {
          const paletteColor = toPaletteTextColor(color);
          return paletteColor !== null && chain().setMark('textStyle', { color: paletteColor }).run();
        },
    };
  },
});

export const PaletteFontSize = FontSize.extend({
  addGlobalAttributes() {
    return [
      {
        types: ['textStyle'],
        attributes: {
          fontSize: {
            default: null,
            parseHTML: (element) => toPaletteFontSize(element.style.fontSize),
            renderHTML: (attributes) => {
              const fontSize = toPaletteFontSize(attributes.fontSize);
              return fontSize ? { style: `font-size: ${fontSize}` } : {};
            },
          },
        },
      },
    ];
  },
  addCommands() {
    return {
      ...this.parent?.(),
      setFontSize:
        (fontSize) =>
        ({ chain }) => {
          const size = toPaletteFontSize(fontSize);
          return size !== null && chain().setMark('textStyle', { fontSize: size }).run();
        },
    };
  },
});

export const PaletteHighlight = Highlight.extend({
  addAttributes() {
    return {
      color: {
        // A highlight always has a palette colour: `==text==` and toggleHighlight() get the first one.
        default: DEFAULT_HIGHLIGHT_COLOR,
        parseHTML: (element) =>
          toPaletteHighlightColor(element.getAttribute('data-color') ?? element.style.backgroundColor) ??
          DEFAULT_HIGHLIGHT_COLOR,
        renderHTML: (attributes) => {
          const color = toPaletteHighlightColor(attributes.color) ?? DEFAULT_HIGHLIGHT_COLOR;
          return { 'data-color': color, style: `background-color: ${color}; color: inherit` };
        },
      },
    };
  },
  addCommands() {
    const paletteAttributes = (attributes?: { color: string }) => ({
      color: toPaletteHighlightColor(attributes?.color) ?? DEFAULT_HIGHLIGHT_COLOR,
    });
    return {
      ...this.parent?.(),
      setHighlight:
        (attributes) =>
        ({ commands }) =>
          commands.setMark(this.name, paletteAttributes(attributes)),
      toggleHighlight:
        (attributes) =>
        ({ commands }) =>
          commands.toggleMark(this.name, paletteAttributes(attributes)),
    };
  },
}).configure({ multicolor: true });
