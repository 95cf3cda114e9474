// jot/jot.h - the DOM, writing and documents API in one include.
//
//   error.h    error codes, error values, result<T>
//   arena.h    caller-controlled memory: buffers, upstream allocators
//   options.h  syntax_options, parse_options, write_options
//   kernel.h   the SIMD kernels: kernel, all_kernels, kernel_supported()
//   value.h    read-only DOM views: value, array, object, JSON Pointer lookup
//   pointer.h  JSON Pointer syntax check
//   parse.h    parser, document, parse(), dom_size_bound()
//   sink.h     sinks: bounded-memory output to a callback, a FILE*, a file descriptor
//   write.h    write() to a caller buffer, a growable output_buffer or a sink
//   writer.h   writer: JSON built call by call, checked, to any of the three
//   documents.h  many documents in one buffer: NDJSON, concatenated, RFC 7464
//   file.h     load_file() into an arena or an output_buffer
//   stream.h   stream_reader: documents or array elements from a stream, in a window
//   mutable.h  mutable_document, mut_value: building and editing JSON
//   patch.h    apply_patch() (RFC 6902), merge_patch() (RFC 7396)
//   query.h    JSONPath (RFC 9535): compile(), evaluate(), streaming evaluation
//
// Left out, each to be included where it is used, because each costs every
// including translation unit compile time or a dependency that the headers
// above do not:
//   reflect.h         compile-time reflection of structs and enums (templates
//                     evaluated per type)
//   typed.h           read() and write() of C++ types, read_ndjson(): reflect.h,
//                     and the typed reader compiled per engine in the unit
//   typed_stream.h    typed_stream_reader: a stream decoded into your type (typed.h)
//   pmr.h             arena_resource, a std::pmr::memory_resource (<memory_resource>)
//   visit.h           visit(): events without a DOM, its loop compiled per
//                     engine in the unit
//   parallel.h        parse_parallel(), parallel_documents, parallel_stream:
//                     <thread> and <atomic>, and linking with the thread library
//   typed_parallel.h  read_ndjson_parallel() (typed.h and parallel.h)
#pragma once

#include "jot/arena.h"
#include "jot/documents.h"
#include "jot/error.h"
#include "jot/file.h"
#include "jot/kernel.h"
#include "jot/mutable.h"
#include "jot/options.h"
#include "jot/parse.h"
#include "jot/patch.h"
#include "jot/pointer.h"
#include "jot/query.h"
#include "jot/value.h"
#include "jot/sink.h"
#include "jot/stream.h"
#include "jot/write.h"
#include "jot/writer.h"

namespace jot {
// Library version.
inline constexpr int version_major = 0;
inline constexpr int version_minor = 2;
inline constexpr int version_patch = 0;
inline constexpr const char* version_string = "0.2.0";
}  // namespace jot
