// Runs libheif's calls that may throw inside try/catch (see cheif_guard.h).
#include "cheif_guard.h"

#include <libheif/heif.h>

#include <new>

namespace {

cheif_guard_error converted(heif_error error) {
  return cheif_guard_error{static_cast<int>(error.code), static_cast<int>(error.subcode),
                           error.message};
}

cheif_guard_error caught(const char *message) {
  return cheif_guard_error{static_cast<int>(heif_error_Memory_allocation_error),
                           static_cast<int>(heif_suberror_Unspecified), message};
}

template <typename Call>
cheif_guard_error guarded(Call call) {
  try {
    return converted(call());
  } catch (const std::bad_alloc &) {
    return caught("libheif ran out of memory");
  } catch (...) {
    return caught("libheif failed with an exception");
  }
}

}  // namespace

extern "C" cheif_guard_error cheif_guard_read_from_memory_without_copy(
    void *function, void *context, const void *bytes, unsigned long count) {
  auto read = reinterpret_cast<decltype(&heif_context_read_from_memory_without_copy)>(function);
  return guarded([&] {
    return read(static_cast<heif_context *>(context), bytes, count, nullptr);
  });
}

extern "C" cheif_guard_error cheif_guard_get_primary_image_handle(void *function, void *context,
                                                                  void **handle) {
  auto get = reinterpret_cast<decltype(&heif_context_get_primary_image_handle)>(function);
  return guarded([&] {
    heif_image_handle *result = nullptr;
    heif_error error = get(static_cast<heif_context *>(context), &result);
    *handle = result;
    return error;
  });
}

extern "C" cheif_guard_error cheif_guard_decode_image(void *function, const void *handle,
                                                      void **image, int colorspace, int chroma) {
  auto decode = reinterpret_cast<decltype(&heif_decode_image)>(function);
  return guarded([&] {
    heif_image *result = nullptr;
    heif_error error =
        decode(static_cast<const heif_image_handle *>(handle), &result,
               static_cast<heif_colorspace>(colorspace), static_cast<heif_chroma>(chroma), nullptr);
    *image = result;
    return error;
  });
}
