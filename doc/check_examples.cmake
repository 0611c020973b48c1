# cmake -DPAGE=man3/x.3 -DCC=cc "-DCFLAGS=..." -DINCLUDE=dir -DLIB=libxprintf.so
#       -DWORK=dir -P check_examples.cmake
# The EXAMPLES program of a manual page, as a reader would copy it: compiled
# against the built library and run.  Every xprintf(...) line that ends in a
# comment documents what it prints; those comments, in order, must be the
# program's output lines (xwprintf(...) lines too).
cmake_policy(VERSION 3.16)
file(READ ${PAGE} page)
string(FIND "${page}" "\n.SH EXAMPLES\n" at)
if(at LESS 0)
  message(FATAL_ERROR "${PAGE}: no EXAMPLES section")
endif()
string(SUBSTRING "${page}" ${at} -1 page)
string(FIND "${page}" "\n.EX\n" from)
string(FIND "${page}" "\n.EE\n" to)
math(EXPR from "${from} + 5")
math(EXPR len "${to} - ${from} + 1")
string(SUBSTRING "${page}" ${from} ${len} code)
# groff escapes back to C.
string(REPLACE "\\e" "\\" code "${code}")
string(REPLACE "\\-" "-" code "${code}")
string(REPLACE "\\(aq" "'" code "${code}")
string(REPLACE "\\&" "" code "${code}")

get_filename_component(name ${PAGE} NAME_WE)
set(src ${WORK}/example_${name}.c)
file(WRITE ${src} "${code}")

# What the comments promise.
set(want "")
string(REPLACE ";" "\\;" lines "${code}")
string(REPLACE "\n" ";" lines "${lines}")
foreach(line IN LISTS lines)
  if(line MATCHES "xw?printf\\(.*/\\* (.*) \\*/$")
    string(APPEND want "${CMAKE_MATCH_1}\n")
  endif()
endforeach()
if(want STREQUAL "")
  message(FATAL_ERROR "${PAGE}: the example documents no output")
endif()

separate_arguments(cflags UNIX_COMMAND "${CFLAGS}")
get_filename_component(libdir ${LIB} DIRECTORY)
execute_process(COMMAND ${CC} ${cflags} -Wall -Wextra -Werror -I${INCLUDE} ${src}
  ${LIB} -Wl,-rpath,${libdir} -o ${WORK}/example_${name}
  RESULT_VARIABLE rc ERROR_VARIABLE err)
if(NOT rc EQUAL 0)
  message(FATAL_ERROR "${PAGE}: the example does not compile:\n${err}")
endif()
execute_process(COMMAND ${WORK}/example_${name} OUTPUT_VARIABLE got RESULT_VARIABLE rc)
if(NOT rc EQUAL 0 OR NOT got STREQUAL want)
  message(FATAL_ERROR "${PAGE}: the example exits ${rc} and prints\n${got}\nthe page says\n${want}")
endif()
message(STATUS "${PAGE}: the example prints what the page says")
