import { describe, expect, it } from 'vitest';
import { favoriteShown } from './favorite-heart';

const saved = [{ id: 3 }, { id: 7 }];
const known = { sessionKnown: true, answerIsCustomers: true };

describe('favoriteShown', () => {
  it('before a branch, reads the customer’s favourites: the chain’s product never says', () => {
    const chain = {
      ...known,
      loggedIn: true,
      atBranch: false,
      productFavorite: null,
      productId: 7,
    };
    expect(favoriteShown({ ...chain, favorites: saved })).toBe(true);
    expect(favoriteShown({ ...chain, productId: 8, favorites: saved })).toBe(false);
    // Not read yet: not known, so the heart waits rather than offering a blind toggle.
    expect(favoriteShown({ ...chain, favorites: undefined })).toBeNull();
  });

  it('at a branch, reads the product’s own answer; logged out, never saved', () => {
    const branch = { ...known, loggedIn: true, atBranch: true, productId: 7, favorites: undefined };
    expect(favoriteShown({ ...branch, productFavorite: { id: 1 } })).toBe(true);
    expect(favoriteShown({ ...branch, productFavorite: null })).toBe(false);
    expect(
      favoriteShown({ ...branch, loggedIn: false, atBranch: false, productFavorite: null }),
    ).toBe(false);
  });

  it('waits while the answer is everyone’s: the one the server rendered with says nothing of the customer', () => {
    const rendered = { ...known, loggedIn: true, atBranch: true, productId: 7, favorites: saved };
    expect(
      favoriteShown({ ...rendered, answerIsCustomers: false, productFavorite: null }),
    ).toBeNull();
    expect(favoriteShown({ ...rendered, productFavorite: null })).toBe(false);
  });

  it('knows nothing on the server or while hydrating, where the page is rendered logged out', () => {
    const page = { loggedIn: false, answerIsCustomers: true, productFavorite: null, productId: 7 };
    for (const atBranch of [true, false]) {
      expect(
        favoriteShown({ ...page, atBranch, sessionKnown: false, favorites: saved }),
      ).toBeNull();
      expect(favoriteShown({ ...page, atBranch, sessionKnown: true, favorites: saved })).toBe(
        false,
      );
    }
  });
});
