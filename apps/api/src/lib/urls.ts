import type { FastifyRequest } from 'fastify';

/** Where absolute asset URLs (posters, images) point: the public API URL, else this request's origin. */
export function assetOrigin(request: FastifyRequest): string {
  return request.server.deps.config.PUBLIC_API_URL?.replace(/\/$/, '') ?? `${request.protocol}://${request.host}`;
}

/** Web-app paths travel in responses (api conventions): slugs from the English name. */
export const webPaths = {
  title: (id: number, slug: string) => `/titles/${id}/${slug}`,
  titleFiles: (id: number) => `/titles/${id}/files`,
  trailer: (imdbId: string) => `/watch/trailer/${imdbId}`,
  person: (role: 'actor' | 'director' | 'writer', id: number, slug: string) => `/people/${role}/${id}/${slug}`,
  collection: (id: number, slug: string) => `/collections/${id}/${slug}`,
};

export interface ImageUrls {
  poster(id: number, version?: string): string;
  backdrop(id: number, version?: string): string;
  screenshot(id: number, n: number): string;
  person(id: number): string;
}

export function imageUrls(request: FastifyRequest): ImageUrls {
  const base = `${assetOrigin(request)}/api/artwork`;
  return {
    poster: (id) => `${base}/titles/${id}/poster.png`,
    backdrop: (id) => `${base}/titles/${id}/backdrop.png`,
    screenshot: (id, n) => `${base}/titles/${id}/screenshots/${n}.png`,
    person: (id) => `${base}/people/${id}.png`,
  };
}
