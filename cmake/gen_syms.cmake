# Writes the dynamic list (ld --dynamic-list) of the runtime's exported
# symbols: those the shared runtime exports, minus what libc's own objects
# (crt files) contribute. Input: LIB (libsleuth.so), OUT.
execute_process(COMMAND nm -D --defined-only "${LIB}"
  OUTPUT_VARIABLE _nm RESULT_VARIABLE _rc)
if(NOT _rc EQUAL 0)
  message(FATAL_ERROR "nm failed on ${LIB}")
endif()
string(REPLACE "\n" ";" _lines "${_nm}")
set(_out "{\n")
foreach(_l IN LISTS _lines)
  if(_l MATCHES "^[0-9a-f]+ [TWiV] ([A-Za-z_][A-Za-z0-9_]*)$")
    string(APPEND _out "  ${CMAKE_MATCH_1};\n")
  elseif(_l MATCHES "^[0-9a-f]+ [BD] (__sleuth_[A-Za-z0-9_]*)$")
    # data read by instrumented code (the use-after-return flag)
    string(APPEND _out "  ${CMAKE_MATCH_1};\n")
  endif()
endforeach()
string(APPEND _out "};\n")
file(WRITE "${OUT}" "${_out}")
