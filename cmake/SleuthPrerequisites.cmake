# Included before project(): which LLVM Sleuth builds for, whether what the
# build needs is installed, and which C and C++ compilers to use.
#
#   -DSLEUTH_LLVM=22            the LLVM in /usr/lib/llvm-22 (Debian's layout)
#   -DSLEUTH_LLVM_CONFIG=PATH   any llvm-config (wins when SLEUTH_LLVM is unset)
#   -DLLVM_DIR=.../lib/cmake/llvm
#   nothing                     LLVM 14, Debian 12's default
#
# Everything missing is named in one line, with the one apt-get install
# command (Debian 12 package names) that brings it; CMake's own errors
# (no build program, no C compiler) never come first. A machine with only
# docs/packages.txt's build line, installed without recommends, has no gcc
# or g++: then the LLVM's own clang and clang++ build Sleuth.

set(_sleuth_llvm_min 14)
set(_sleuth_llvm_max 22)
set(SLEUTH_LLVM "" CACHE STRING
  "Major version of the installed LLVM to build for (${_sleuth_llvm_min} to ${_sleuth_llvm_max}; empty: SLEUTH_LLVM_CONFIG, LLVM_DIR or 14)")
# The name one guesses first: take it rather than ignore it.
if(SLEUTH_LLVM STREQUAL "" AND DEFINED SLEUTH_LLVM_VERSION)
  set(SLEUTH_LLVM "${SLEUTH_LLVM_VERSION}" CACHE STRING "" FORCE)
endif()

function(_sleuth_installed_llvms out)
  file(GLOB _cfgs /usr/lib/llvm-*/bin/llvm-config)
  set(_l "")
  foreach(_c IN LISTS _cfgs)
    if(_c MATCHES "/usr/lib/llvm-([0-9]+)/")
      list(APPEND _l "${CMAKE_MATCH_1}")
    endif()
  endforeach()
  list(SORT _l COMPARE NATURAL)
  if(NOT _l)
    set(_l "none")
  endif()
  string(REPLACE ";" ", " _l "${_l}")
  set(${out} "${_l}" PARENT_SCOPE)
endfunction()

if(NOT SLEUTH_LLVM STREQUAL "")
  if(NOT SLEUTH_LLVM MATCHES "^[0-9]+$" OR SLEUTH_LLVM LESS _sleuth_llvm_min
     OR SLEUTH_LLVM GREATER _sleuth_llvm_max)
    _sleuth_installed_llvms(_have)
    message(FATAL_ERROR " Sleuth: SLEUTH_LLVM=${SLEUTH_LLVM} is not an LLVM "
      "Sleuth builds for (${_sleuth_llvm_min} to ${_sleuth_llvm_max}; installed here: ${_have}); "
      "for LLVM ${_sleuth_llvm_max}: apt-get install clang-${_sleuth_llvm_max} "
      "llvm-${_sleuth_llvm_max}-dev llvm-${_sleuth_llvm_max}-tools "
      "libclang-${_sleuth_llvm_max}-dev libclang-rt-${_sleuth_llvm_max}-dev")
  endif()
  set(_want "/usr/lib/llvm-${SLEUTH_LLVM}/bin/llvm-config")
  # A SLEUTH_LLVM_CONFIG that an earlier SLEUTH_LLVM chose follows the new
  # one; one given by hand must agree with it.
  if(SLEUTH_LLVM_CONFIG AND NOT SLEUTH_LLVM_CONFIG STREQUAL "${_SLEUTH_LLVM_CONFIG_CHOSEN}"
     AND NOT SLEUTH_LLVM_CONFIG STREQUAL _want)
    message(FATAL_ERROR " Sleuth: SLEUTH_LLVM=${SLEUTH_LLVM} and "
      "SLEUTH_LLVM_CONFIG=${SLEUTH_LLVM_CONFIG} disagree: give only one of them")
  endif()
  set(SLEUTH_LLVM_CONFIG "${_want}" CACHE FILEPATH "llvm-config of the LLVM to build for" FORCE)
  set(_SLEUTH_LLVM_CONFIG_CHOSEN "${_want}" CACHE INTERNAL "")
  set(_sleuth_major "${SLEUTH_LLVM}")
  set(_sleuth_prefix "/usr/lib/llvm-${SLEUTH_LLVM}")
else()
  if(SLEUTH_LLVM_CONFIG)
    set(_cfg "${SLEUTH_LLVM_CONFIG}")
  elseif(LLVM_DIR)
    get_filename_component(_cfg "${LLVM_DIR}/../../../bin/llvm-config" ABSOLUTE)
  else()
    set(_cfg /usr/lib/llvm-14/bin/llvm-config)
  endif()
  if(NOT SLEUTH_LLVM_CONFIG)
    # Chosen here, not given: a later -DSLEUTH_LLVM=N replaces it.
    set(_SLEUTH_LLVM_CONFIG_CHOSEN "${_cfg}" CACHE INTERNAL "")
  endif()
  get_filename_component(_sleuth_prefix "${_cfg}" DIRECTORY)
  get_filename_component(_sleuth_prefix "${_sleuth_prefix}" DIRECTORY)
  set(_sleuth_major "")
  if(EXISTS "${_cfg}")
    execute_process(COMMAND "${_cfg}" --version OUTPUT_VARIABLE _v
      OUTPUT_STRIP_TRAILING_WHITESPACE RESULT_VARIABLE _rc ERROR_QUIET)
    if(_rc EQUAL 0 AND _v MATCHES "^([0-9]+)")
      set(_sleuth_major "${CMAKE_MATCH_1}")
    endif()
  endif()
  if(_sleuth_major STREQUAL "" AND _cfg MATCHES "llvm-([0-9]+)")
    set(_sleuth_major "${CMAKE_MATCH_1}")
  endif()
  if(_sleuth_major STREQUAL "")
    set(_sleuth_major 14)
  endif()
endif()

# What is missing, as Debian packages (each once, in this order).
set(_sleuth_missing "")
set(_sleuth_missing_what "")
macro(_sleuth_need what pkg)
  list(APPEND _sleuth_missing_what "${what}")
  if(NOT "${pkg}" IN_LIST _sleuth_missing)
    list(APPEND _sleuth_missing "${pkg}")
  endif()
endmacro()

# The build program of the generator. Which one exists decides nothing
# on its own: CMake fixes the generator before reading this file, so the
# line says how to use the other one where only that one is installed.
set(_sleuth_other_gen "")
if(NOT CMAKE_MAKE_PROGRAM)
  if(CMAKE_GENERATOR MATCHES "Ninja")
    find_program(_sleuth_buildprog NAMES ninja-build ninja samu NO_CACHE)
    if(NOT _sleuth_buildprog)
      _sleuth_need("ninja (the ${CMAKE_GENERATOR} generator's build program)" ninja-build)
      find_program(_sleuth_make NAMES gmake make NO_CACHE)
      if(_sleuth_make)
        set(_sleuth_other_gen " (or use make, which is installed: CMAKE_GENERATOR=\"Unix Makefiles\" and a new build directory)")
      endif()
    endif()
  elseif(CMAKE_GENERATOR MATCHES "Makefiles")
    find_program(_sleuth_buildprog NAMES gmake make NO_CACHE)
    if(NOT _sleuth_buildprog)
      _sleuth_need("make (the ${CMAKE_GENERATOR} generator's build program)" make)
      find_program(_sleuth_ninja NAMES ninja-build ninja NO_CACHE)
      if(_sleuth_ninja)
        set(_sleuth_other_gen " (or use ninja, which is installed: CMAKE_GENERATOR=Ninja and a new build directory)")
      endif()
    endif()
  endif()
endif()

set(_n "${_sleuth_major}")
set(_p "${_sleuth_prefix}")
if(NOT EXISTS "${_p}/bin/llvm-config")
  # No LLVM there at all: name the whole set, not each of its files.
  foreach(_pkg clang-${_n} llvm-${_n}-dev llvm-${_n}-tools libclang-${_n}-dev libclang-rt-${_n}-dev)
    list(APPEND _sleuth_missing ${_pkg})
  endforeach()
  list(APPEND _sleuth_missing_what "LLVM ${_n} (${_p}/bin/llvm-config)")
else()
  if(NOT EXISTS "${_p}/include/llvm/IR/PassManager.h")
    _sleuth_need("LLVM ${_n}'s headers" llvm-${_n}-dev)
  endif()
  if(NOT EXISTS "${_p}/include/clang/Frontend/FrontendPluginRegistry.h")
    _sleuth_need("clang ${_n}'s headers" libclang-${_n}-dev)
  endif()
  foreach(_t clang clang++)
    if(NOT EXISTS "${_p}/bin/${_t}")
      _sleuth_need("${_t} ${_n}" clang-${_n})
    endif()
  endforeach()
  # Debian's layout: compiler-rt (the UBSan runtime beside Sleuth, the
  # sanitizer headers) is a package of its own.
  file(GLOB _rt "${_p}/lib/clang/*/include/sanitizer/asan_interface.h")
  if(NOT _rt AND _p MATCHES "^/usr/lib/llvm-[0-9]+$")
    _sleuth_need("clang ${_n}'s sanitizer headers" libclang-rt-${_n}-dev)
  endif()
  if(NOT EXISTS "${_p}/bin/llvm-symbolizer")
    _sleuth_need("llvm-symbolizer ${_n}" llvm-${_n}-dev)
  endif()
  foreach(_t FileCheck not count)
    if(NOT EXISTS "${_p}/bin/${_t}")
      _sleuth_need("${_t} ${_n}" llvm-${_n}-tools)
    endif()
  endforeach()
endif()
# lit is plain Python: any LLVM's copy runs the tests (Debian ships it with
# llvm-14-tools and llvm-19-tools, not with llvm-22-tools).
if(NOT DEFINED BUILD_TESTING OR BUILD_TESTING)
  if(NOT EXISTS "${_p}/build/utils/lit/lit.py" AND
     NOT EXISTS /usr/lib/llvm-14/build/utils/lit/lit.py AND
     NOT EXISTS /usr/lib/llvm-19/build/utils/lit/lit.py)
    _sleuth_need("lit" llvm-14-tools)
  endif()
endif()
if(NOT EXISTS /usr/include/zlib.h)
  _sleuth_need("zlib.h" zlib1g-dev)
endif()
if(NOT DEFINED Python3_EXECUTABLE)
  find_program(_sleuth_py NAMES python3 NO_CACHE)
  if(NOT _sleuth_py)
    _sleuth_need("python3" python3)
  endif()
endif()

if(_sleuth_missing)
  string(REPLACE ";" ", " _what "${_sleuth_missing_what}")
  string(REPLACE ";" " " _pkgs "${_sleuth_missing}")
  # The leading space keeps CMake from folding the line.
  message(FATAL_ERROR " Sleuth: missing ${_what}; run: apt-get install ${_pkgs}${_sleuth_other_gen}")
endif()

# Compilers: the ones named (CC/CXX, -DCMAKE_<LANG>_COMPILER), else the
# system's cc/c++ (gcc), else the clang of the LLVM Sleuth builds for.
if(NOT DEFINED CMAKE_C_COMPILER AND NOT DEFINED ENV{CC})
  find_program(_sleuth_cc NAMES cc gcc NO_CACHE)
  if(NOT _sleuth_cc)
    set(CMAKE_C_COMPILER "${_p}/bin/clang")
    message(STATUS "Sleuth: no cc on PATH; building with ${CMAKE_C_COMPILER}")
  endif()
endif()
if(NOT DEFINED CMAKE_CXX_COMPILER AND NOT DEFINED ENV{CXX})
  find_program(_sleuth_cxx NAMES c++ g++ NO_CACHE)
  if(NOT _sleuth_cxx)
    set(CMAKE_CXX_COMPILER "${_p}/bin/clang++")
    message(STATUS "Sleuth: no c++ on PATH; building with ${CMAKE_CXX_COMPILER}")
  endif()
endif()
