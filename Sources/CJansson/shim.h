#ifndef HKBRIDGE_CJANSSON_SHIM_H
#define HKBRIDGE_CJANSSON_SHIM_H
#include <jansson.h>

/* jansson's `json_typeof` is a macro that Swift cannot import. */
static inline json_type hk_json_typeof(const json_t *json) { return json_typeof(json); }

/* jansson's `json_decref` is a static inline function; a plain wrapper keeps Swift's view simple. */
static inline void hk_json_decref(json_t *json) { json_decref(json); }

/* The message of a failed load, as a C string (the struct holds it as a fixed array). */
static inline const char *hk_json_error_text(const json_error_t *error) { return error->text; }

/* The class of a failed load (jansson keeps it in the text buffer's last byte). */
static inline int hk_json_error_code(const json_error_t *error) {
  return (int)json_error_code(error);
}

#endif
