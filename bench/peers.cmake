# Where the benchmark finds the sources of the peers it compiles itself
# (simdjson, yyjson, glaze, jsoncons), included by bench/CMakeLists.txt.
#
# First JOT_PEERS_DIR (a folder per peer, named <peer>-<version>, as in the
# project's shared folder); else a copy downloaded into the build directory by
# an earlier configure; else the pinned tag is downloaded now. A download that
# fails (no network, a proxy, a moved URL) leaves the peer out with a note:
# FetchContent is not used because it aborts configuration when a download fails.

if(DEFINED ENV{JOT_PEERS_DIR} AND NOT "$ENV{JOT_PEERS_DIR}" STREQUAL "")
  set(_jot_peers_default "$ENV{JOT_PEERS_DIR}")
else()
  set(_jot_peers_default "${PROJECT_SOURCE_DIR}/../shared/peers")
endif()
set(JOT_PEERS_DIR "${_jot_peers_default}" CACHE PATH
  "Sources of the benchmark's peers (simdjson-4.6.7/, yyjson-0.12.0/, glaze-6.4.0/, jsoncons-1.9.0/); missing ones are downloaded")
option(JOT_BENCH_FETCH_PEERS "Download the pinned peer sources that JOT_PEERS_DIR lacks" ON)
get_filename_component(_jot_peers_dir "${JOT_PEERS_DIR}" ABSOLUTE BASE_DIR "${PROJECT_SOURCE_DIR}")
# Inside the build directory, so that a fresh build directory fetches afresh.
set(_jot_fetch_root "${CMAKE_BINARY_DIR}/_peers")

# Downloads url to dest through a temporary name, so that an interrupted
# download is never mistaken for the file. Sets ok_var.
function(_jot_bench_download url dest ok_var)
  # Short limits: offline, this must cost seconds, not minutes, at every configure.
  file(DOWNLOAD "${url}" "${dest}.part" STATUS st TIMEOUT 120 INACTIVITY_TIMEOUT 15)
  list(GET st 0 code)
  if(code EQUAL 0)
    file(RENAME "${dest}.part" "${dest}")
    set(${ok_var} TRUE PARENT_SCOPE)
  else()
    list(GET st 1 why)
    message(STATUS "jot bench: download of ${url} failed: ${why}")
    file(REMOVE "${dest}.part")
    set(${ok_var} FALSE PARENT_SCOPE)
  endif()
endfunction()

# jot_bench_locate_peer(<out_var> <folder> <probe_file>
#                       FILES <relative_path> <url> [<relative_path> <url> ...] | ARCHIVE <url>)
# Sets out_var to the folder that holds <probe_file>, or to "" when the peer
# is neither in JOT_PEERS_DIR nor downloadable. FILES downloads single files
# into the folder; ARCHIVE downloads a tarball whose top folder is <folder>
# (GitHub's tag archives are named <repo>-<tag without v>).
function(jot_bench_locate_peer out_var folder probe)
  cmake_parse_arguments(PARSE_ARGV 3 arg "" "ARCHIVE" "FILES")
  foreach(root IN ITEMS "${_jot_peers_dir}" "${_jot_fetch_root}")
    if(EXISTS "${root}/${folder}/${probe}")
      set(${out_var} "${root}/${folder}" PARENT_SCOPE)
      return()
    endif()
  endforeach()
  set(${out_var} "" PARENT_SCOPE)
  if(NOT JOT_BENCH_FETCH_PEERS)
    message(STATUS "jot bench: ${folder} not in ${_jot_peers_dir} and JOT_BENCH_FETCH_PEERS is OFF")
    return()
  endif()
  message(STATUS "jot bench: ${folder} not in ${_jot_peers_dir}; downloading it")
  # Staged beside the final folder and renamed only when complete.
  set(stage "${_jot_fetch_root}/${folder}.stage")
  file(REMOVE_RECURSE "${stage}")
  file(MAKE_DIRECTORY "${stage}/${folder}")
  set(ok TRUE)
  if(arg_ARCHIVE)
    _jot_bench_download("${arg_ARCHIVE}" "${stage}/source.tar.gz" ok)
    if(ok)
      # Not file(ARCHIVE_EXTRACT): a damaged archive (say, a proxy's error
      # page) would stop the configuration; cmake -E tar reports it instead.
      execute_process(COMMAND "${CMAKE_COMMAND}" -E tar xzf source.tar.gz
        WORKING_DIRECTORY "${stage}" RESULT_VARIABLE rc OUTPUT_QUIET ERROR_QUIET)
      if(NOT rc EQUAL 0)
        message(STATUS "jot bench: ${arg_ARCHIVE} is not a readable archive")
        set(ok FALSE)
      endif()
    endif()
  else()
    set(pairs ${arg_FILES})
    while(ok AND pairs)
      list(POP_FRONT pairs rel url)
      _jot_bench_download("${url}" "${stage}/${folder}/${rel}" ok)
    endwhile()
  endif()
  if(ok AND EXISTS "${stage}/${folder}/${probe}")
    file(REMOVE_RECURSE "${_jot_fetch_root}/${folder}")
    file(RENAME "${stage}/${folder}" "${_jot_fetch_root}/${folder}")
    set(${out_var} "${_jot_fetch_root}/${folder}" PARENT_SCOPE)
  elseif(ok)
    message(STATUS "jot bench: the download of ${folder} has no ${probe}")
  endif()
  file(REMOVE_RECURSE "${stage}")
endfunction()
