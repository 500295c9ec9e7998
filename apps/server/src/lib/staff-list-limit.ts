/**
 * The most rows one staff list answers (the board, a day's orders, a branch's signups): a busy
 * branch's day is far below it, and a request can never ask for a table.
 */
export const STAFF_LIST_LIMIT = 500;
