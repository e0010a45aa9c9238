# Finds the LLVM (llvm-config, clang, llvm-symbolizer) Sleuth builds for.
# Sets SLEUTH_LLVM_CONFIG, SLEUTH_LLVM_MAJOR, SLEUTH_LLVM_BINDIR,
# SLEUTH_LLVM_CXXFLAGS, SLEUTH_LLVM_INCLUDE_DIR, SLEUTH_CLANG,
# SLEUTH_CLANGXX, SLEUTH_SYMBOLIZER, SLEUTH_FILECHECK, SLEUTH_NOT, SLEUTH_LIT.
# cmake/SleuthPrerequisites.cmake (before project()) has chosen the LLVM
# (SLEUTH_LLVM, SLEUTH_LLVM_CONFIG, LLVM_DIR or 14) and checked its files.
set(_apt "apt-get install clang-${_sleuth_major} llvm-${_sleuth_major}-dev llvm-${_sleuth_major}-tools libclang-${_sleuth_major}-dev libclang-rt-${_sleuth_major}-dev")

if(NOT SLEUTH_LLVM_CONFIG)
  if(LLVM_DIR)
    get_filename_component(_prefix "${LLVM_DIR}/../../.." ABSOLUTE)
    set(_cands "${_prefix}/bin/llvm-config")
  else()
    # LLVM 14 is the default even when newer versions are installed.
    set(_cands /usr/lib/llvm-14/bin/llvm-config)
  endif()
  foreach(_c IN LISTS _cands)
    if(EXISTS "${_c}")
      set(SLEUTH_LLVM_CONFIG "${_c}")
      break()
    endif()
  endforeach()
  if(NOT SLEUTH_LLVM_CONFIG)
    find_program(SLEUTH_LLVM_CONFIG NAMES llvm-config-14 llvm-config)
  endif()
endif()
if(NOT SLEUTH_LLVM_CONFIG OR NOT EXISTS "${SLEUTH_LLVM_CONFIG}")
  message(FATAL_ERROR "Sleuth: llvm-config not found; run: ${_apt}")
endif()
set(SLEUTH_LLVM_CONFIG "${SLEUTH_LLVM_CONFIG}" CACHE FILEPATH "llvm-config of the LLVM to build for")

macro(_sleuth_llvm_query var flag)
  execute_process(COMMAND "${SLEUTH_LLVM_CONFIG}" ${flag}
    OUTPUT_VARIABLE ${var} OUTPUT_STRIP_TRAILING_WHITESPACE RESULT_VARIABLE _rc)
  if(NOT _rc EQUAL 0)
    message(FATAL_ERROR "Sleuth: '${SLEUTH_LLVM_CONFIG} ${flag}' failed; run: ${_apt}")
  endif()
endmacro()
_sleuth_llvm_query(_ver --version)
_sleuth_llvm_query(SLEUTH_LLVM_BINDIR --bindir)
_sleuth_llvm_query(SLEUTH_LLVM_CXXFLAGS --cxxflags)
_sleuth_llvm_query(SLEUTH_LLVM_INCLUDE_DIR --includedir)
string(REGEX MATCH "^[0-9]+" SLEUTH_LLVM_MAJOR "${_ver}")

if(NOT EXISTS "${SLEUTH_LLVM_INCLUDE_DIR}/llvm/IR/PassManager.h")
  message(FATAL_ERROR "Sleuth: LLVM ${SLEUTH_LLVM_MAJOR} headers missing; run: "
    "apt-get install llvm-${SLEUTH_LLVM_MAJOR}-dev")
endif()
# The clang plugin (clang-plugin/) is built against clang's own headers.
if(NOT EXISTS "${SLEUTH_LLVM_INCLUDE_DIR}/clang/Frontend/FrontendPluginRegistry.h")
  message(FATAL_ERROR "Sleuth: clang ${SLEUTH_LLVM_MAJOR} headers missing; run: "
    "apt-get install libclang-${SLEUTH_LLVM_MAJOR}-dev")
endif()
foreach(_tool clang clang++ llvm-symbolizer FileCheck not)
  string(TOUPPER "${_tool}" _up)
  string(REPLACE "+" "X" _up "${_up}")
  string(REPLACE "-" "_" _up "${_up}")
  if(NOT EXISTS "${SLEUTH_LLVM_BINDIR}/${_tool}")
    message(FATAL_ERROR "Sleuth: ${SLEUTH_LLVM_BINDIR}/${_tool} missing; run: "
      "apt-get install clang-${SLEUTH_LLVM_MAJOR} llvm-${SLEUTH_LLVM_MAJOR}-dev "
      "llvm-${SLEUTH_LLVM_MAJOR}-tools")
  endif()
  set(SLEUTH_TOOL_${_up} "${SLEUTH_LLVM_BINDIR}/${_tool}")
endforeach()
set(SLEUTH_CLANG "${SLEUTH_TOOL_CLANG}")
set(SLEUTH_CLANGXX "${SLEUTH_TOOL_CLANGXX}")
set(SLEUTH_SYMBOLIZER "${SLEUTH_TOOL_LLVM_SYMBOLIZER}")
set(SLEUTH_FILECHECK "${SLEUTH_TOOL_FILECHECK}")
set(SLEUTH_NOT "${SLEUTH_TOOL_NOT}")

# lit is plain Python; any LLVM's copy runs tests for any version.
find_file(SLEUTH_LIT lit.py PATHS
  "${SLEUTH_LLVM_BINDIR}/../build/utils/lit"
  /usr/lib/llvm-14/build/utils/lit
  /usr/lib/llvm-19/build/utils/lit
  NO_DEFAULT_PATH)
message(STATUS "Sleuth: LLVM ${SLEUTH_LLVM_MAJOR} (${SLEUTH_LLVM_CONFIG})")
