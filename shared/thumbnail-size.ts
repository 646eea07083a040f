// The service's thumbnail limit, without a schema library: the window checks a picked image against it.
/** Spec 4.11: a thumbnail is a JPEG or PNG of at most this many pixels. */
export const THUMBNAIL_MAX = { width: 1600, height: 1200 } as const;
