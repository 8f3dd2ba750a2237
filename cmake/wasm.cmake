# The WebAssembly build (the `wasm` preset, Debian's emscripten): the library, the JSON API and the
# engine of apps/wasm, nothing else. Its dependencies, as the native build has them:
#  - fmt and nlohmann-json are Debian's headers, fmt header-only. Only their folders are exposed,
#    through a folder of symlinks: /usr/include itself on the include path would put glibc's headers
#    before emscripten's libc.
#  - nauty is compiled from Debian's source of the same version (NIMKIT_NAUTY_SOURCE, fetched by
#    scripts/site.sh with apt-get source), with the word size of the native library (64), so
#    that canonical forms, and every answer built on them, are the native build's.
#  - no threads: Threads::Threads is empty, and the JSON API starts none (docs/design.md).
enable_language(C)

# wasm32 has a 32-bit size_t, where the library (sizes unsigned 64-bit) converts a 64-bit count or
# index to a container's size_type: 150 places, each an index into or a size of a container that
# exists, or a count the request's Limits bound far below 2^32 (tables, sequences, scans), and no
# container of a 2 GiB memory holds 2^32 elements. Those conversions are therefore exact and not
# warned of here. NIMKIT_WASM_CHECK_TRUNCATION builds an engine that checks each one as it runs
# (clang's implicit-integer-truncation sanitizer: a value changed aborts the call, answered 500),
# which the comparison test (tests/wasm/run.sh --check-truncation) runs its requests through.
target_compile_options(nimkit_warnings INTERFACE -Wno-shorten-64-to-32)
option(NIMKIT_WASM_CHECK_TRUNCATION "Check every implicit integer truncation as the engine runs" OFF)
if(NIMKIT_WASM_CHECK_TRUNCATION)
  target_compile_options(nimkit_warnings INTERFACE -fsanitize=implicit-integer-truncation
                         -fno-sanitize-recover=all)
  target_link_options(nimkit_warnings INTERFACE -fsanitize=implicit-integer-truncation)
endif()

set(NIMKIT_HOST_INCLUDE "/usr/include" CACHE PATH
    "Where Debian's fmt/ and nlohmann/ headers are (only those two folders are used)")
set(NIMKIT_NAUTY_SOURCE "${PROJECT_SOURCE_DIR}/build/wasm-deps/nauty" CACHE PATH
    "Debian's nauty source tree (apt-get source nauty; scripts/site.sh fetches it)")

set(host_headers ${CMAKE_BINARY_DIR}/host-headers)
file(MAKE_DIRECTORY ${host_headers})
foreach(folder fmt nlohmann)
  if(NOT EXISTS ${NIMKIT_HOST_INCLUDE}/${folder})
    message(FATAL_ERROR "${NIMKIT_HOST_INCLUDE}/${folder} not found: install Debian's libfmt-dev "
                        "and nlohmann-json3-dev (scripts/site.sh does)")
  endif()
  file(CREATE_LINK ${NIMKIT_HOST_INCLUDE}/${folder} ${host_headers}/${folder} SYMBOLIC)
endforeach()
add_library(fmt::fmt INTERFACE IMPORTED)
set_target_properties(fmt::fmt PROPERTIES INTERFACE_INCLUDE_DIRECTORIES ${host_headers}
                                          INTERFACE_COMPILE_DEFINITIONS FMT_HEADER_ONLY=1)
add_library(nlohmann_json::nlohmann_json INTERFACE IMPORTED)
set_target_properties(nlohmann_json::nlohmann_json PROPERTIES INTERFACE_INCLUDE_DIRECTORIES
                                                              ${host_headers})
add_library(Threads::Threads INTERFACE IMPORTED)

# nauty's headers as its configure would write them for wasm32 with clang (the builtins and
# thread-local storage are there, wasm has clz and popcnt instructions; no threads, so no TLS).
# Debian's sources include them as <nauty/NAME.h>, as installed; graph.cc includes <nauty.h>.
set(nauty_sources nauty.c nautil.c naugraph.c schreier.c naurng.c)
foreach(file nauty-h.in naututil-h.in ${nauty_sources})
  if(NOT EXISTS ${NIMKIT_NAUTY_SOURCE}/${file})
    message(FATAL_ERROR "nauty's source (${file}) not found in ${NIMKIT_NAUTY_SOURCE}: "
                        "scripts/site.sh fetches Debian's, or set NIMKIT_NAUTY_SOURCE")
  endif()
endforeach()
set(nauty_include ${CMAKE_BINARY_DIR}/nauty-include)
file(MAKE_DIRECTORY ${nauty_include}/nauty)
file(GLOB nauty_headers ${NIMKIT_NAUTY_SOURCE}/*.h)
foreach(header IN LISTS nauty_headers)
  get_filename_component(name ${header} NAME)
  file(CREATE_LINK ${header} ${nauty_include}/nauty/${name} SYMBOLIC)
endforeach()
# Writes nauty-include/nauty/NAME.h from NAME-h.in with the @KEY@ settings given as KEY=VALUE.
function(nimkit_configure_nauty_header name)
  file(READ ${NIMKIT_NAUTY_SOURCE}/${name}-h.in text)
  foreach(pair IN LISTS ARGN)
    string(FIND "${pair}" "=" at)
    string(SUBSTRING "${pair}" 0 ${at} key)
    math(EXPR at "${at} + 1")
    string(SUBSTRING "${pair}" ${at} -1 value)
    string(REPLACE "@${key}@" "${value}" text "${text}")
  endforeach()
  if(text MATCHES "@[A-Za-z_0-9]+@")
    message(FATAL_ERROR "${name}-h.in has a setting cmake/wasm.cmake does not give: "
                        "${CMAKE_MATCH_0}")
  endif()
  file(CONFIGURE OUTPUT ${nauty_include}/nauty/${name}.h CONTENT "${text}" @ONLY)
endfunction()
set(generated PACKAGE_VERSION=2.8.6 configure_input=generated edit_msg=generated)
nimkit_configure_nauty_header(nauty ${generated}
  default_wordsize=64 header_unistd_h=1 header_sys_types_h=1 header_stddef_h=1
  header_stdlib_h=1 header_string_h=1 header_limits_h=1 header_stdint_h=1 malloc_dec=1
  has_math_inf=1 have_flockfile=1 stdio_nolock=1 tls_supported=1 use_tls= ac_cv_tls=_Thread_local
  have_ansicontrols=0 flex_array_ok=1 ac_cv_sys_file_offset_bits=0 have_hwlzcnt=1 have_clz=1
  have_clzl=1 have_clzll=1 have_hwpopcnt=1 have_popcnt=1 have_popcntl=1 have_popcntll=1
  have_mmpop32=0 have_mmpop64=0 runtime_popcnt=0 is_ARM64=0 ac_cv_sizeof_int=4
  ac_cv_sizeof_long=4 ac_cv_sizeof___int128_t=16 ac_cv_sizeof___int128=16 ac_cv_sizeof_voidp=4)
nimkit_configure_nauty_header(naututil ${generated}
  have_clock=1 have_clock_gettime=1 have_getrusage=0 have_gettimeofday=1 have_isatty=1
  have_time=1 have_times=0)
list(TRANSFORM nauty_sources PREPEND ${NIMKIT_NAUTY_SOURCE}/)
add_library(nimkit_nauty STATIC ${nauty_sources})
target_include_directories(nimkit_nauty SYSTEM PUBLIC ${nauty_include}/nauty
                           PRIVATE ${nauty_include} ${NIMKIT_NAUTY_SOURCE})
# Its own code, not ours: built as Debian builds it, without our warnings.
target_compile_options(nimkit_nauty PRIVATE -w)

add_subdirectory(src)
add_subdirectory(apps/json)
add_subdirectory(apps/api)
add_subdirectory(apps/wasm)
add_subdirectory(apps/site)
