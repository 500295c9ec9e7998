import { describe, expect, it } from 'vitest';
import { sanitizePanelSession } from './panel-session';

describe('sanitizePanelSession', () => {
  it('keeps a well-formed session and branch choice', () => {
    expect(
      sanitizePanelSession({
        access_token: 't',
        user: { id: 3, email: 'campina@comanda.test', name: 'Campiña' },
        branch_id: 1,
      }),
    ).toEqual({
      access_token: 't',
      user: { id: 3, email: 'campina@comanda.test', name: 'Campiña' },
      branch_id: 1,
    });
  });

  it('drops a token without its user, a bad branch and anything that is not an object', () => {
    expect(sanitizePanelSession({ access_token: 't', user: null, branch_id: -2 })).toEqual({});
    expect(sanitizePanelSession({ branch_id: 4 })).toEqual({ branch_id: 4 });
    expect(sanitizePanelSession('nope')).toEqual({});
    expect(sanitizePanelSession(null)).toEqual({});
  });
});
