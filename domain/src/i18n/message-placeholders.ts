import { parse, TYPE, type MessageFormatElement } from '@formatjs/icu-messageformat-parser';

/**
 * What a translation of an ICU message (the server's catalogs and the web app's) must keep of it: every argument with its type
 * (`count:plural`, `name:argument`, `step:number`), every tag, and the keys of every select (a
 * select's options are the values the code passes, the same in every language; a plural's are the
 * language's own plural categories, so they may differ). Sorted, each once.
 */
export function messagePlaceholders(message: string): string[] {
  const found = new Set<string>();
  const visit = (elements: readonly MessageFormatElement[]): void => {
    for (const element of elements) {
      switch (element.type) {
        case TYPE.argument:
        case TYPE.number:
        case TYPE.date:
        case TYPE.time:
          found.add(`${element.value}:${TYPE[element.type]}`);
          break;
        case TYPE.select:
          found.add(`${element.value}:select(${Object.keys(element.options).sort().join('|')})`);
          for (const option of Object.values(element.options)) visit(option.value);
          break;
        case TYPE.plural:
          found.add(`${element.value}:plural`);
          for (const option of Object.values(element.options)) visit(option.value);
          break;
        case TYPE.tag:
          found.add(`<${element.value}>`);
          visit(element.children);
          break;
        default:
          break;
      }
    }
  };
  visit(parse(message));
  return [...found].sort();
}
