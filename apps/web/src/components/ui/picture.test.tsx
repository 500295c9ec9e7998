import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { Picture } from './picture';

const canonical = '/images/banners/domicilio-gratis.faa8088a.webp';

describe('Picture', () => {
  it('offers the AVIF then the WebP copies at every stored width, with the sizes given', () => {
    const html = renderToStaticMarkup(
      <Picture
        src={canonical}
        kind="banner"
        sizes="88vw"
        width={1200}
        height={480}
        alt="Domicilio gratis"
      />,
    );
    expect(html).toContain(
      '<source type="image/avif" srcSet="/images/banners/domicilio-gratis.faa8088a.w400.avif 400w, ' +
        '/images/banners/domicilio-gratis.faa8088a.w800.avif 800w, ' +
        '/images/banners/domicilio-gratis.faa8088a.w1200.avif 1200w" sizes="88vw"/>',
    );
    expect(html.indexOf('image/avif')).toBeLessThan(html.indexOf('image/webp'));
    // The canonical file stays the <img>'s own source, with its box reserved.
    expect(html).toContain(`src="${canonical}"`);
    expect(html).toContain('width="1200" height="480"');
    expect(html).toContain('loading="lazy"');
    expect(html).not.toContain('fetchPriority');
  });

  it('fetches the LCP image first and eagerly', () => {
    const html = renderToStaticMarkup(
      <Picture
        src={canonical}
        kind="banner"
        sizes="88vw"
        width={1200}
        height={480}
        alt=""
        load="lcp"
      />,
    );
    expect(html).toContain('loading="eager"');
    expect(html).toContain('fetchPriority="high"');
  });

  it('shows a URL outside the naming rule as a plain image', () => {
    const html = renderToStaticMarkup(
      <Picture
        src="/uploads/photo.png"
        kind="product"
        sizes="56px"
        width={56}
        height={56}
        alt=""
      />,
    );
    expect(html).not.toContain('<picture');
    expect(html).toContain('src="/uploads/photo.png"');
  });
});
