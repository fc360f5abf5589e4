// Non-variadic wrappers around the libvips calls Sparrow uses: Swift cannot call C variadic functions.
#ifndef SPARROW_VIPS_SHIM_H
#define SPARROW_VIPS_SHIM_H

#include <vips/vips.h>

typedef enum { SP_JPEG = 1, SP_PNG = 2, SP_GIF = 3, SP_WEBP = 4 } sp_format;

/// Starts libvips once; refuses the loaders libvips marks untrusted (ImageMagick, PDF, …) for all input.
static inline int sp_init(void) {
  if (VIPS_INIT("sparrow")) return -1;
  vips_block_untrusted_set(TRUE);
  // SVG is only ever loaded from Sparrow's own drawings (avatars, emoticons, demo pictures).
  vips_operation_block_set("VipsForeignLoadSvg", FALSE);
  vips_cache_set_max(0);
  return 0;
}

/// The last libvips error message, cleared after reading.
static inline void sp_error(char *out, size_t size) {
  snprintf(out, size, "%s", vips_error_buffer());
  vips_error_clear();
}

/// Reads only the header: per-page size, page count and EXIF orientation.
static inline int sp_header(const void *buf, size_t len, int *width, int *page_height, int *pages, int *orientation) {
  VipsImage *image = vips_image_new_from_buffer(buf, len, "", NULL);
  if (!image) return -1;
  *width = vips_image_get_width(image);
  *page_height = vips_image_get_page_height(image);
  *pages = vips_image_get_n_pages(image);
  *orientation = vips_image_get_orientation(image);
  g_object_unref(image);
  return 0;
}

static inline int sp_save(VipsImage *image, sp_format format, int quality, void **out, size_t *out_len) {
  switch (format) {
  case SP_JPEG:
    return vips_jpegsave_buffer(image, out, out_len, "Q", quality, "strip", TRUE, "optimize_coding", TRUE,
                                "interlace", TRUE, NULL);
  case SP_PNG: return vips_pngsave_buffer(image, out, out_len, "strip", TRUE, "compression", 6, NULL);
  case SP_GIF: return vips_gifsave_buffer(image, out, out_len, "strip", TRUE, NULL);
  case SP_WEBP: return vips_webpsave_buffer(image, out, out_len, "Q", quality, "strip", TRUE, NULL);
  }
  return -1;
}

/// Decodes in full (refusing truncated data), turns upright, shrinks to fit max_width × max_height
/// (never enlarging), keeps every page of an animation, and encodes without metadata.
static inline int sp_resize(const void *buf, size_t len, int animated, int max_width, int max_height,
                            sp_format format, int quality, void **out, size_t *out_len, int *width, int *height) {
  VipsImage *thumb = NULL;
  const char *options = animated ? "n=-1,fail_on=truncated" : "fail_on=truncated";
  if (vips_thumbnail_buffer((void *)buf, len, &thumb, max_width, "height", max_height, "size", VIPS_SIZE_DOWN,
                            "option_string", options, NULL))
    return -1;
  *width = vips_image_get_width(thumb);
  *height = vips_image_get_page_height(thumb);
  int result = sp_save(thumb, format, quality, out, out_len);
  g_object_unref(thumb);
  return result;
}

/// Renders Sparrow's own SVG to a raster format.
static inline int sp_render_svg(const void *svg, size_t len, sp_format format, int quality, void **out, size_t *out_len) {
  VipsImage *image = NULL;
  if (vips_svgload_buffer((void *)svg, len, &image, NULL)) return -1;
  int result = sp_save(image, format, quality, out, out_len);
  g_object_unref(image);
  return result;
}

/// Renders SVG frames, given back to back in `joined` with their lengths, into one animated GIF.
static inline int sp_render_animation(const char *joined, const size_t *lens, int count, int delay_ms, void **out,
                                      size_t *out_len) {
  VipsImage **frames = g_new0(VipsImage *, count);
  int result = -1;
  int loaded = 0;
  size_t offset = 0;
  for (; loaded < count; offset += lens[loaded], loaded++)
    if (vips_svgload_buffer((void *)(joined + offset), lens[loaded], &frames[loaded], NULL)) goto done;
  VipsImage *strip = NULL, *animation = NULL;
  if (vips_arrayjoin(frames, &strip, count, "across", 1, NULL)) goto done;
  if (vips_copy(strip, &animation, NULL)) {
    g_object_unref(strip);
    goto done;
  }
  g_object_unref(strip);
  vips_image_set_int(animation, "page-height", vips_image_get_height(frames[0]));
  int *delays = g_new(int, count);
  for (int i = 0; i < count; i++) delays[i] = delay_ms;
  vips_image_set_array_int(animation, "delay", delays, count);
  vips_image_set_int(animation, "loop", 0);
  g_free(delays);
  result = vips_gifsave_buffer(animation, out, out_len, NULL);
  g_object_unref(animation);
done:
  for (int i = 0; i < loaded; i++) g_object_unref(frames[i]);
  g_free(frames);
  return result;
}

/// Writes a JPEG carrying an EXIF orientation tag (tests use it to check uploads are turned upright).
static inline int sp_render_svg_jpeg_oriented(const void *svg, size_t len, int orientation, void **out, size_t *out_len) {
  VipsImage *image = NULL, *copy = NULL;
  if (vips_svgload_buffer((void *)svg, len, &image, NULL)) return -1;
  if (vips_copy(image, &copy, NULL)) {
    g_object_unref(image);
    return -1;
  }
  g_object_unref(image);
  vips_image_set_int(copy, "orientation", orientation);
  int result = vips_jpegsave_buffer(copy, out, out_len, "Q", 90, NULL);
  g_object_unref(copy);
  return result;
}

/// The first frame, upright, shrunk to fit size × size, as 8-bit sRGB without alpha (flattened on white): the
/// pixels of a blur preview.
static inline int sp_pixels(const void *buf, size_t len, int size, void **out, size_t *out_len, int *width, int *height) {
  VipsImage *thumb = NULL, *srgb = NULL, *flat = NULL, *cast = NULL;
  int result = -1;
  if (vips_thumbnail_buffer((void *)buf, len, &thumb, size, "height", size, NULL)) return -1;
  if (vips_colourspace(thumb, &srgb, VIPS_INTERPRETATION_sRGB, NULL)) goto done;
  if (vips_image_hasalpha(srgb)) {
    VipsArrayDouble *white = vips_array_double_newv(3, 255.0, 255.0, 255.0);
    int failed = vips_flatten(srgb, &flat, "background", white, NULL);
    vips_area_unref(VIPS_AREA(white));
    if (failed) goto done;
  } else {
    flat = srgb;
    g_object_ref(flat);
  }
  if (vips_cast_uchar(flat, &cast, NULL)) goto done;
  if (vips_image_get_bands(cast) != 3) goto done;
  *width = vips_image_get_width(cast);
  *height = vips_image_get_height(cast);
  *out = vips_image_write_to_memory(cast, out_len);
  result = *out ? 0 : -1;
done:
  if (cast) g_object_unref(cast);
  if (flat) g_object_unref(flat);
  if (srgb) g_object_unref(srgb);
  g_object_unref(thumb);
  return result;
}

static inline void sp_free(void *p) { g_free(p); }

#endif
