import fp from 'fastify-plugin';
import { imagesDir, imageStoreChoice, type Config } from '../../config';
import { createImagesRepository } from './repository';
import { createImagesService, type ImagesService } from './service';
import { databaseImageStore, localImageStore } from './store';

declare module 'fastify' {
  interface FastifyInstance {
    images: ImagesService;
  }
}

export const imagesPlugin = fp<{ config: Config }>(
  async (app, { config }) => {
    const kind = imageStoreChoice(config.IMAGE_STORE, app.dialect);
    const dir = imagesDir(config);
    const repository = createImagesRepository(app.db);
    const store =
      kind === 'database'
        ? databaseImageStore(repository, app.clock)
        : localImageStore(repository, dir);
    app.log.info({ store: kind, ...(kind === 'local' ? { dir } : {}) }, 'image uploads store');
    app.decorate('images', createImagesService(store, app.audit));
  },
  { name: 'images', dependencies: ['db', 'audit'] },
);
