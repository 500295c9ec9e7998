/**
 * `type_input` 1 is a single choice (dots), 2 a multiple choice (squares). Its own module, apart
 * from option-rules.ts, because pricing needs only this and pricing is on the storefront's first
 * load: the bundler then leaves the rest of the option rule to the screens that use it.
 */
export const isSingleChoice = (group: { type_input: number }): boolean => group.type_input === 1;
