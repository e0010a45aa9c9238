#!/usr/bin/env python3
"""Sleuth vs AddressSanitizer under libFuzzer: real projects' fuzz targets.

  run.py prepare --mirror DIR        extract the sources from local git clones
  run.py bench [options] [PROJECT..] exec/s, peak RSS, cov/ft (interleaved runs)
  run.py bugs  [options] [BUG..]     known bugs: found or not, time to first crash
  run.py recov                       coverage of a bench run's corpora, counted by the ASan build
  run.py table                       re-print the tables of the runs in --work
  run.py list                        the projects and bugs

No network: `prepare` reads git repositories already on this machine (bare or
not) and writes plain source trees into the source cache (--src, default
$SLEUTH_FUZZ_SRC or ~/.cache/sleuth-fuzzing/src).  See README.md.
"""
import argparse, glob, hashlib, json, math, os, re, shutil, statistics
import subprocess, sys, time, zlib

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(HERE))

# --------------------------------------------------------------- sources
# key: (GitHub owner/name, paths to extract)
REPOS = {
    'cjson':    ('DaveGamble/cJSON', ['cJSON.c', 'cJSON.h', 'fuzzing']),
    'libyaml':  ('yaml/libyaml', ['src', 'include', 'examples']),
    'zlib':     ('madler/zlib', [':(glob)*.c', ':(glob)*.h']),
    'lua':      ('lua/lua', [':(glob)*.c', ':(glob)*.h', 'testes']),
    'expat':    ('libexpat/libexpat', ['expat/lib', 'expat/fuzz']),
    'oss-fuzz': ('google/oss-fuzz', ['projects/libyaml', 'projects/zlib',
                                     'projects/lua', 'projects/expat']),
}

# Known bugs: the fixing commit; its parent is built.  `expect` must appear in
# the report (a function of the bug's stack) for a crash to count as this bug.
BUGS = {
    'cjson-parse_string': dict(
        project='cjson', fix='a167d9e',
        expect='parse_string',
        what='heap over-read: a string ending in a backslash reads past the '
             'terminator (cJSON 1.5.x, 2017, "Fix reading buffer overflow in '
             'parse_string")'),
    'cjson-minify': dict(
        project='cjson', fix='a43fa56',
        expect='cJSON_Minify',
        what='heap over-read/write in cJSON_Minify on an unterminated '
             'comment or string (2019, #338, "Rewrite cJSON_Minify, fixing '
             'buffer overflows")'),
    'libyaml-uri-escapes': dict(
        project='libyaml', fix='d1003a9',
        expect='yaml_parser_scan_uri_escapes',
        what='heap overflow in yaml_parser_scan_uri_escapes on %-escapes in '
             'a tag (2014, CVE-2014-2525)'),
    'expat-doctype': dict(
        project='expat', fix='c20b758c',
        expect='',
        what='heap over-read after an internal entity closes the doctype '
             '(2019, CVE-2019-15903)'),
    'expat-encoding': dict(
        project='expat', fix='3f0a0cb6',
        expect='',
        what='missing validation of UTF-8 encoding in names (2022, '
             'CVE-2022-25235)'),
    'expat-dtdcopy': dict(
        project='expat', fix='98599f6d',
        expect='',
        what='out-of-bounds read from hash table entries created by dtdCopy '
             '(2026, PR #1331)'),
}


def die(msg):
    sys.exit('run.py: ' + msg)


def sh(cmd, **kw):
    return subprocess.run(cmd, check=True, **kw)


def find_git(mirror, slug):
    owner, name = slug.split('/')
    for c in (f'{owner}+{name}/repo', f'{owner}+{name}', f'{name}.git', name,
              f'{owner}/{name}'):
        p = os.path.join(mirror, c)
        if os.path.isdir(p):
            if os.path.isdir(os.path.join(p, '.git')):
                return os.path.join(p, '.git')
            if os.path.exists(os.path.join(p, 'HEAD')):
                return p
    return None


def git_extract(gitdir, rev, paths, dest):
    os.makedirs(dest, exist_ok=True)
    full = subprocess.run(['git', '--git-dir', gitdir, 'rev-parse', rev],
                          check=True, capture_output=True, text=True).stdout.strip()
    arch = subprocess.run(['git', '--git-dir', gitdir, 'archive', full, '--'] + paths,
                          check=True, capture_output=True).stdout
    subprocess.run(['tar', '-x', '-C', dest], input=arch, check=True)
    with open(os.path.join(dest, '.commit'), 'w') as f:
        f.write(full + '\n')
    return full


def cmd_prepare(a):
    os.makedirs(a.src, exist_ok=True)
    for key, (slug, paths) in REPOS.items():
        g = find_git(a.mirror, slug)
        if not g:
            print(f'  {key}: no clone of {slug} under {a.mirror}, skipped')
            continue
        dest = os.path.join(a.src, key)
        shutil.rmtree(dest, ignore_errors=True)
        c = git_extract(g, 'HEAD', paths, dest)
        print(f'  {key}: {slug} {c[:12]} -> {dest}')
    for bug, b in BUGS.items():
        slug, paths = REPOS[b['project']]
        g = find_git(a.mirror, slug)
        if not g:
            continue
        dest = os.path.join(a.src, 'bugs', bug)
        shutil.rmtree(dest, ignore_errors=True)
        paths = [p for p in paths if p not in ('examples', 'testes')]
        if b['project'] == 'cjson':
            paths = ['cJSON.c', 'cJSON.h']
        c = git_extract(g, b['fix'] + '^', paths, dest)
        print(f'  bug {bug}: {slug} {c[:12]} (parent of {b["fix"][:12]})')


# --------------------------------------------------------------- builds
EXPAT_CONFIG = """\
#define BYTEORDER 1234
#define HAVE_GETRANDOM 1
#define HAVE_SYSCALL_GETRANDOM 1
#define HAVE_DLFCN_H 1
#define HAVE_FCNTL_H 1
#define HAVE_GETPAGESIZE 1
#define HAVE_INTTYPES_H 1
#define HAVE_MEMORY_H 1
#define HAVE_MMAP 1
#define HAVE_STDINT_H 1
#define HAVE_STDLIB_H 1
#define HAVE_STRINGS_H 1
#define HAVE_STRING_H 1
#define HAVE_SYS_STAT_H 1
#define HAVE_SYS_TYPES_H 1
#define HAVE_UNISTD_H 1
#define STDC_HEADERS 1
#define XML_DTD 1
#define XML_NS 1
#define XML_GE 1
#define XML_CONTEXT_BYTES 1024
#define XML_DEV_URANDOM 1
"""


def project_recipe(proj, src, osf):
    """(list of (source, extra cflags)), extra link args, dict file."""
    if proj == 'cjson':
        fz = os.path.join(src, 'fuzzing', 'cjson_read_fuzzer.c')
        if not os.path.exists(fz):          # an old tree: today's target
            fz = os.path.join(SRC_ROOT, 'cjson', 'fuzzing', 'cjson_read_fuzzer.c')
        d = os.path.join(SRC_ROOT, 'cjson', 'fuzzing', 'json.dict')
        return [(os.path.join(src, 'cJSON.c'), []), (fz, ['-I' + src])], [], d
    if proj == 'libyaml':
        defs = ['-I' + os.path.join(src, 'include'), '-DYAML_VERSION_MAJOR=0',
                '-DYAML_VERSION_MINOR=2', '-DYAML_VERSION_PATCH=5',
                '-DYAML_VERSION_STRING="0.2.5"', '-DYAML_DECLARE_STATIC']
        srcs = [(f, defs) for f in sorted(glob.glob(os.path.join(src, 'src', '*.c')))]
        p = os.path.join(osf, 'projects', 'libyaml')
        srcs.append((os.path.join(p, 'libyaml_parser_fuzzer.c'), defs + ['-I' + p]))
        return srcs, [], os.path.join(p, 'yaml.dict')
    if proj == 'zlib':
        names = ['adler32', 'compress', 'crc32', 'deflate', 'gzclose', 'gzlib',
                 'gzread', 'gzwrite', 'infback', 'inffast', 'inflate',
                 'inftrees', 'trees', 'uncompr', 'zutil']
        srcs = [(os.path.join(src, n + '.c'), ['-DHAVE_UNISTD_H', '-DHAVE_STDARG_H'])
                for n in names]
        srcs.append((os.path.join(osf, 'projects', 'zlib', 'zlib_uncompress_fuzzer.cc'),
                     ['-I' + src]))
        return srcs, [], None
    if proj == 'lua':
        skip = {'lua.c', 'luac.c', 'onelua.c', 'ltests.c'}
        srcs = [(f, ['-DLUA_USE_LINUX']) for f in sorted(glob.glob(os.path.join(src, 'l*.c')))
                if os.path.basename(f) not in skip]
        srcs.append((os.path.join(osf, 'projects', 'lua', 'fuzz_lua.c'),
                     ['-I' + src, '-DLUA_USE_LINUX']))
        return srcs, ['-ldl', '-lm'], None
    if proj == 'expat':
        lib = os.path.join(src, 'expat', 'lib')
        defs = ['-DHAVE_EXPAT_CONFIG_H', '-DXML_DTD', '-DXML_NS', '-DXML_GE=1',
                '-I' + lib, '-I' + os.path.join(WORK, 'expat-config')]
        srcs = [(os.path.join(lib, n), defs) for n in ('xmlparse.c', 'xmlrole.c', 'xmltok.c')]
        srcs += [(f, defs) for f in sorted((glob.glob(os.path.join(lib, 'random_getrandom.c')) + glob.glob(os.path.join(lib, 'random_dev_urandom.c'))))]
        srcs.append((os.path.join(src, 'expat', 'fuzz', 'xml_parse_fuzzer.c'),
                     defs + ['-DENCODING_FOR_FUZZING=UTF-8']))
        return srcs, [], os.path.join(osf, 'projects', 'expat', 'xml.dict')
    die('unknown project ' + proj)


def compilers(tool):
    if tool == 'asan':
        return (CLANG, CLANGXX, ['-fsanitize=address,fuzzer'])
    return (SLEUTH_CC, SLEUTH_CXX, ['-fsanitize=fuzzer'])


def build(proj, src, tool, outdir):
    os.makedirs(os.path.join(WORK, 'expat-config'), exist_ok=True)
    with open(os.path.join(WORK, 'expat-config', 'expat_config.h'), 'w') as f:
        f.write(EXPAT_CONFIG)
    srcs, ldextra, dic = project_recipe(proj, src, os.path.join(SRC_ROOT, 'oss-fuzz'))
    cc, cxx, san = compilers(tool)
    exe = os.path.join(outdir, 'fuzzer')
    if os.path.exists(exe) and not REBUILD:
        return exe, dic
    obj = os.path.join(outdir, 'obj')
    shutil.rmtree(obj, ignore_errors=True)
    os.makedirs(obj)
    objs, procs = [], []
    for i, (s, extra) in enumerate(srcs):
        o = os.path.join(obj, f'{i:02d}_{os.path.basename(s)}.o')
        comp = cxx if s.endswith('.cc') else cc
        cmd = [comp] + OPT + san + ['-w'] + extra + ['-c', s, '-o', o]
        procs.append((cmd, subprocess.Popen(cmd, stdout=subprocess.PIPE,
                                            stderr=subprocess.STDOUT)))
        objs.append(o)
        if len(procs) >= JOBS:
            wait_build(procs.pop(0))
    for p in procs:
        wait_build(p)
    sh([cxx] + OPT + san + objs + ldextra + ['-o', exe])
    return exe, dic


def wait_build(p):
    cmd, proc = p
    out = proc.communicate()[0]
    if proc.returncode:
        sys.stderr.write(out.decode(errors='replace'))
        die('build failed: ' + ' '.join(cmd))


# --------------------------------------------------------------- seeds
XML_SEEDS = [
    b'<?xml version="1.0" encoding="UTF-8"?>\n<root a="1" b=\'2\'><c>text &amp; more</c><!-- c --><?pi data?></root>\n',
    b'<!DOCTYPE r [<!ENTITY e "ent"><!ATTLIST r a CDATA "d"><!ELEMENT r (#PCDATA|x)*>]>\n<r>&e;<x/></r>',
    b'<a xmlns="urn:x" xmlns:p="urn:p"><p:b p:c="v"><![CDATA[raw <data>]]></p:b></a>',
    b'<!DOCTYPE d SYSTEM "ext.dtd" [<!ENTITY % pe "<!ENTITY i \'in\'>"> %pe;]><d>&i;</d>',
    b'<?xml version="1.0"?><list><item id="1">one</item><item id="2">two &#x41;&#66;</item></list>',
    b'<!DOCTYPE n [<!NOTATION g SYSTEM "g"><!ENTITY u SYSTEM "u" NDATA g>]><n u="u"/>',
    b'<e>\xc3\xa9\xe2\x82\xac\xf0\x9f\x98\x80 utf-8 text</e>',
]


def make_seeds(proj):
    d = os.path.join(WORK, 'seeds', proj)
    if os.path.isdir(d):
        return d
    tmp = d + '.tmp'
    shutil.rmtree(tmp, ignore_errors=True)
    os.makedirs(tmp)
    src = os.path.join(SRC_ROOT, proj)
    files = []
    if proj == 'cjson':
        files = sorted(glob.glob(os.path.join(src, 'fuzzing', 'inputs', '*')))
    elif proj == 'libyaml':
        files = sorted(glob.glob(os.path.join(src, 'examples', '*')))
    elif proj == 'lua':
        files = [f for f in sorted(glob.glob(os.path.join(src, 'testes', '*.lua')))
                 if os.path.getsize(f) <= 16384]
    for f in files:
        shutil.copy(f, tmp)
    if proj == 'zlib':
        n = 0
        for f in sorted(glob.glob(os.path.join(src, '*.[ch]')))[:6]:
            data = open(f, 'rb').read()[:4096]
            for lvl in (1, 6, 9):
                open(os.path.join(tmp, f'z{n:02d}'), 'wb').write(zlib.compress(data, lvl))
                n += 1
    if proj == 'expat':
        for i, x in enumerate(XML_SEEDS):
            open(os.path.join(tmp, f'x{i:02d}.xml'), 'wb').write(x)
    os.rename(tmp, d)
    return d


# --------------------------------------------------------------- running
STAT_RE = re.compile(r'^stat::(\w+):\s+(\d+)', re.M)
COV_RE = re.compile(r'cov: (\d+) ft: (\d+)')


def run_fuzzer(exe, dic, seeds, seconds, seed, tag, extra=()):
    corpus = os.path.join(WORK, 'corpus', tag)
    art = os.path.join(WORK, 'artifacts', tag)
    for p in (corpus, art):
        shutil.rmtree(p, ignore_errors=True)
        os.makedirs(p)
    cmd = [exe, f'-max_total_time={seconds}', f'-seed={seed}', '-rss_limit_mb=2048',
           '-print_final_stats=1', '-timeout=25', f'-artifact_prefix={art}/']
    if dic:
        cmd.append(f'-dict={dic}')
    cmd += list(extra) + [corpus, seeds]
    env = dict(os.environ)
    for v in ('ASAN_OPTIONS', 'LSAN_OPTIONS', 'SLEUTH_OPTIONS'):
        env.pop(v, None)       # both tools with their defaults (leaks on)
    load0 = os.getloadavg()
    r0 = os.times()
    t0 = time.monotonic()
    p = subprocess.run(cmd, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, env=env)
    wall = time.monotonic() - t0
    r1 = os.times()
    load1 = os.getloadavg()
    err = p.stderr.decode(errors='replace')
    logdir = os.path.join(WORK, 'logs')
    os.makedirs(logdir, exist_ok=True)
    with open(os.path.join(logdir, tag + '.log'), 'w') as f:
        f.write(' '.join(cmd) + '\n' + err)
    st = {k: int(v) for k, v in STAT_RE.findall(err)}
    covs = COV_RE.findall(err)
    crashes = os.listdir(art)
    return dict(
        rc=p.returncode, wall=round(wall, 3),
        cpu=round((r1.children_user - r0.children_user) + (r1.children_system - r0.children_system), 3),
        execs=st.get('number_of_executed_units'), eps=st.get('average_exec_per_sec'),
        rss=st.get('peak_rss_mb'), new_units=st.get('new_units_added'),
        cov=int(covs[-1][0]) if covs else None, ft=int(covs[-1][1]) if covs else None,
        artifacts=crashes, load1=load0[0], load1_after=load1[0],
        report=err[-20000:] if crashes or p.returncode else '')


def gmean(xs):
    xs = [x for x in xs if x]
    return math.exp(sum(math.log(x) for x in xs) / len(xs)) if xs else float('nan')


def med(xs):
    xs = [x for x in xs if x is not None]
    return statistics.median(xs) if xs else None


def check_tools():
    a = subprocess.run([CLANG, '--version'], capture_output=True, text=True).stdout.splitlines()[0]
    s = subprocess.run([SLEUTH_CC, '--version'], capture_output=True, text=True).stdout.splitlines()[0]
    if a != s:
        die(f'{CLANG} is "{a}" but {SLEUTH_CC} wraps "{s}"')
    return a


def cmd_bench(a):
    projs = a.projects or list(PROJECTS)
    ver = check_tools()
    exes = {}
    for proj in projs:
        for tool in TOOLS:
            t0 = time.monotonic()
            exes[proj, tool] = build(proj, os.path.join(SRC_ROOT, proj), tool,
                                     os.path.join(WORK, 'build', proj, tool))
            print(f'built {proj}/{tool} in {time.monotonic()-t0:.0f}s', flush=True)
    res_path = os.path.join(WORK, 'bench-results.jsonl')
    results = []
    with open(res_path, 'w') as out:
        for rep in range(a.reps):
            for proj in projs:
                seeds = make_seeds(proj)
                for tool in TOOLS:
                    exe, dic = exes[proj, tool]
                    r = run_fuzzer(exe, dic, seeds, a.time, a.seed + rep,
                                   f'bench-{proj}-{tool}-{rep}')
                    r.update(project=proj, tool=tool, rep=rep, time=a.time)
                    results.append(r)
                    out.write(json.dumps({k: v for k, v in r.items() if k != 'report'}) + '\n')
                    out.flush()
                    print(f'rep {rep} {proj:8} {tool:6} exec/s {r["eps"]} execs {r["execs"]} '
                          f'rss {r["rss"]} MB cov {r["cov"]} ft {r["ft"]} rc {r["rc"]} '
                          f'cpu {r["cpu"]}s load {r["load1"]:.2f}->{r["load1_after"]:.2f}'
                          + (f' ARTIFACTS {r["artifacts"]}' if r['artifacts'] else ''),
                          flush=True)
    print('\nreplaying the final corpora with the ASan builds (comparable coverage)', flush=True)
    cmd_recov(a)
    results = [json.loads(l) for l in open(res_path)]
    print()
    print(bench_table(results, projs, ver, a))


def bench_table(results, projs, ver, a):
    L = [f'{ver}; `-O1 -g`; {a.reps} runs of {a.time} s per build, interleaved; medians.', '',
         '| project (target) | exec/s ASan | exec/s Sleuth | ratio | peak RSS MB ASan | Sleuth | ratio | cov ASan | cov Sleuth | ft ASan | ft Sleuth | load (1-min) |',
         '|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---|']
    er, rr, cr, fr, rc, rf, pc = [], [], [], [], [], [], []
    P = ['', 'Executions per CPU second (executed units / user+sys CPU time of the '
         'fuzzer process; less sensitive to other load on the machine than exec/s); medians.', '',
         '| project | execs/CPU-s ASan | execs/CPU-s Sleuth | ratio |', '|---|---:|---:|---:|']
    R = ['', 'Coverage of the final corpora counted by the same (ASan) build: each run\'s '
         'corpus replayed with `-runs=0`; medians.', '',
         '| project | cov (ASan runs) | cov (Sleuth runs) | ratio | ft (ASan runs) | ft (Sleuth runs) | ratio |',
         '|---|---:|---:|---:|---:|---:|---:|']
    for proj in projs:
        m = {}
        for tool in TOOLS:
            rs = [r for r in results if r['project'] == proj and r['tool'] == tool]
            m[tool] = {k: med([r.get(k) for r in rs]) for k in ('eps', 'rss', 'cov', 'ft', 'cov_asan', 'ft_asan')}
            m[tool]['epc'] = med([r['execs'] / r['cpu'] for r in rs if r['execs'] and r['cpu']])
        loads = [r['load1'] for r in results if r['project'] == proj]
        e = m['sleuth']['eps'] / m['asan']['eps'] if m['asan']['eps'] else None
        rs_ = m['sleuth']['rss'] / m['asan']['rss'] if m['asan']['rss'] else None
        er.append(e); rr.append(rs_)
        pc.append(m['sleuth']['epc'] / m['asan']['epc'])
        P.append(f'| {proj} | {m["asan"]["epc"]:.0f} | {m["sleuth"]["epc"]:.0f} | **{pc[-1]:.2f}** |')
        if m['asan']['cov']:
            cr.append(m['sleuth']['cov'] / m['asan']['cov'])
            fr.append(m['sleuth']['ft'] / m['asan']['ft'])
        if m['asan']['cov_asan']:
            rc.append(m['sleuth']['cov_asan'] / m['asan']['cov_asan'])
            rf.append(m['sleuth']['ft_asan'] / m['asan']['ft_asan'])
            R.append(f'| {proj} | {m["asan"]["cov_asan"]:.0f} | {m["sleuth"]["cov_asan"]:.0f} | '
                     f'**{rc[-1]:.3f}** | {m["asan"]["ft_asan"]:.0f} | {m["sleuth"]["ft_asan"]:.0f} | **{rf[-1]:.3f}** |')
        L.append(f'| {proj} ({TARGETS[proj]}) | {m["asan"]["eps"]:.0f} | {m["sleuth"]["eps"]:.0f} | '
                 f'**{e:.2f}** | {m["asan"]["rss"]:.0f} | {m["sleuth"]["rss"]:.0f} | **{rs_:.2f}** | '
                 f'{m["asan"]["cov"]:.0f} | {m["sleuth"]["cov"]:.0f} | {m["asan"]["ft"]:.0f} | '
                 f'{m["sleuth"]["ft"]:.0f} | {min(loads):.1f}–{max(loads):.1f} |')
    L.append(f'| **geometric mean** | | | **{gmean(er):.2f}** | | | **{gmean(rr):.2f}** | '
             f'cov ratio {gmean(cr):.3f} | | ft ratio {gmean(fr):.3f} | | |')
    P.append(f'| **geometric mean** | | | **{gmean(pc):.2f}** |')
    L += P
    if rc:
        R.append(f'| **geometric mean** | | | **{gmean(rc):.3f}** | | | **{gmean(rf):.3f}** |')
        L += R
    return '\n'.join(L)


def cmd_bugs(a):
    names = a.bugs or list(BUGS)
    ver = check_tools()
    exes = {}
    for bug in names:
        b = BUGS[bug]
        src = os.path.join(SRC_ROOT, 'bugs', bug)
        if not os.path.isdir(src):
            die(f'{src} missing: run.py prepare')
        for tool in TOOLS:
            exes[bug, tool] = build(b['project'], src, tool,
                                    os.path.join(WORK, 'build', 'bug-' + bug, tool))
        print(f'built {bug}', flush=True)
    results = []
    res_path = os.path.join(WORK, 'bug-results.jsonl')
    with open(res_path, 'w') as out:
        for rep in range(a.reps):
            for bug in names:
                b = BUGS[bug]
                seeds = make_seeds(b['project'])
                for tool in TOOLS:
                    exe, dic = exes[bug, tool]
                    r = run_fuzzer(exe, dic, seeds, a.budget, 1000 + rep,
                                   f'bug-{bug}-{tool}-{rep}')
                    found = bool(r['artifacts']) and any(
                        x.startswith('crash-') for x in r['artifacts'])
                    rep_ = r.pop('report')
                    kind = re.search(r'ERROR: (?:AddressSanitizer|Sleuth|libFuzzer|LeakSanitizer): '
                                     r'([\w-]+(?: signal| leak| on unknown address)?)', rep_)
                    r.update(bug=bug, tool=tool, rep=rep, budget=a.budget, found=found,
                             matches=(b['expect'] in rep_) if found else None,
                             kind=kind.group(1) if kind else None)
                    results.append(r)
                    out.write(json.dumps(r) + '\n')
                    out.flush()
                    print(f'rep {rep} {bug:22} {tool:6} found {found} in {r["wall"]:.1f}s '
                          f'execs {r["execs"]} kind {r["kind"]} expect-ok {r["matches"]} '
                          f'arts {r["artifacts"]} load {r["load1"]:.2f}', flush=True)
    print()
    print(bugs_table(results, names, ver, a))


def bugs_table(results, names, ver, a):
    L = [f'{ver}; `-O1 -g`; budget {a.budget} s; {a.reps} runs per build (seeds '
         f'1000..{999 + a.reps}), interleaved; time to first crash: median over the runs '
         'that found it. "other crash": a crash whose report does not name the bug\'s function '
         '(another bug of that old tree); those runs stopped there and do not count as found.', '',
         '| bug | fixed in | ASan found | ASan median time (s) | ASan median execs | Sleuth found | Sleuth median time (s) | Sleuth median execs |',
         '|---|---|---:|---:|---:|---:|---:|---:|']
    for bug in names:
        b = BUGS[bug]
        row = [bug, b['fix'][:10]]
        for tool in TOOLS:
            rs = [r for r in results if r['bug'] == bug and r['tool'] == tool]
            f = [r for r in rs if r['found'] and r.get('matches')]
            other = [r for r in rs if r['found'] and not r.get('matches')]
            row += [f'{len(f)}/{len(rs)}' + (f' (+{len(other)} other crash)' if other else ''),
                    f'{med([r["wall"] for r in f]):.1f}' if f else '—',
                    f'{med([r["execs"] for r in f]):.0f}' if f and med([r["execs"] for r in f]) else '—']
        L.append('| ' + ' | '.join(row) + ' |')
    return '\n'.join(L)


def replay_cov(proj, tag):
    """cov/ft of a run's final corpus (the seeds plus what it added) as the
    ASan build counts them: the same counters for both tools' corpora."""
    exe = os.path.join(WORK, 'build', proj, 'asan', 'fuzzer')
    corpus = os.path.join(WORK, 'corpus', tag)
    p = subprocess.run([exe, '-runs=0', '-rss_limit_mb=2048', '-timeout=25',
                        os.path.join(WORK, 'seeds', proj), corpus],
                       stdout=subprocess.DEVNULL, stderr=subprocess.PIPE,
                       env={k: v for k, v in os.environ.items()
                            if k not in ('ASAN_OPTIONS', 'SLEUTH_OPTIONS')})
    covs = COV_RE.findall(p.stderr.decode(errors='replace'))
    return (int(covs[-1][0]), int(covs[-1][1])) if covs else (None, None)


def cmd_recov(a):
    """Add cov_asan/ft_asan (the corpus replayed by the ASan build) to the
    bench results of a previous run."""
    p = os.path.join(WORK, 'bench-results.jsonl')
    rs = [json.loads(l) for l in open(p)]
    for r in rs:
        if r.get('cov_asan') is None:
            r['cov_asan'], r['ft_asan'] = replay_cov(
                r['project'], f'bench-{r["project"]}-{r["tool"]}-{r["rep"]}')
            print(r['project'], r['tool'], r['rep'], r['cov_asan'], r['ft_asan'], flush=True)
    with open(p + '.tmp', 'w') as f:
        for r in rs:
            f.write(json.dumps(r) + '\n')
    os.replace(p + '.tmp', p)


def cmd_table(a):
    """Re-print the tables from the jsonl files of a previous run."""
    p = os.path.join(WORK, 'bench-results.jsonl')
    ver = check_tools()
    if os.path.exists(p):
        rs = [json.loads(l) for l in open(p)]
        projs = [x for x in PROJECTS if any(r['project'] == x for r in rs)]
        a.reps = max(r['rep'] for r in rs) + 1
        a.time = rs[0]['time']
        print(bench_table(rs, projs, ver, a) + '\n')
    p = os.path.join(WORK, 'bug-results.jsonl')
    if os.path.exists(p):
        rs = [json.loads(l) for l in open(p)]
        names = [x for x in BUGS if any(r['bug'] == x for r in rs)]
        a.reps = max(r['rep'] for r in rs) + 1
        a.budget = rs[0]['budget']
        print(bugs_table(rs, names, ver, a))


PROJECTS = ['cjson', 'libyaml', 'zlib', 'lua', 'expat']
TARGETS = {'cjson': 'cjson_read_fuzzer', 'libyaml': 'libyaml_parser_fuzzer',
           'zlib': 'zlib_uncompress_fuzzer', 'lua': 'fuzz_lua',
           'expat': 'xml_parse_fuzzer UTF-8'}
TOOLS = ['asan', 'sleuth']


def main():
    global REBUILD, SRC_ROOT, WORK, CLANG, CLANGXX, SLEUTH_CC, SLEUTH_CXX, OPT, JOBS
    ap = argparse.ArgumentParser(description=__doc__,
                                 formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument('--src', default=os.environ.get('SLEUTH_FUZZ_SRC',
                    os.path.expanduser('~/.cache/sleuth-fuzzing/src')))
    ap.add_argument('--work', default=os.environ.get('SLEUTH_FUZZ_WORK', '/tmp/sleuth-fuzz-work'))
    ap.add_argument('--rebuild', action='store_true',
                    help='rebuild the fuzzers (default: reuse those in --work)')
    sub = ap.add_subparsers(dest='cmd', required=True)
    p = sub.add_parser('prepare')
    p.add_argument('--mirror', required=True,
                   help='directory holding git clones (owner+name/repo, name.git or name)')
    p = sub.add_parser('bench')
    p.add_argument('--time', type=int, default=60)
    p.add_argument('--reps', type=int, default=3)
    p.add_argument('--seed', type=int, default=1)
    p.add_argument('projects', nargs='*')
    p = sub.add_parser('bugs')
    p.add_argument('--budget', type=int, default=120)
    p.add_argument('--reps', type=int, default=3)
    p.add_argument('bugs', nargs='*')
    sub.add_parser('table')
    sub.add_parser('recov')
    sub.add_parser('list')
    a = ap.parse_args()
    SRC_ROOT, WORK = os.path.abspath(a.src), os.path.abspath(a.work)
    CLANG = os.environ.get('CLANG', 'clang-14')
    CLANGXX = os.environ.get('CLANGXX', 'clang++-14')
    bindir = os.path.join(ROOT, 'build', 'bin')
    SLEUTH_CC = os.environ.get('SLEUTH_CC', os.path.join(bindir, 'sleuth-cc'))
    SLEUTH_CXX = os.environ.get('SLEUTH_CXX', os.path.join(bindir, 'sleuth-c++'))
    OPT = os.environ.get('OPT', '-O1 -g').split()
    JOBS = int(os.environ.get('JOBS', '2'))
    REBUILD = a.rebuild
    os.makedirs(WORK, exist_ok=True)
    if a.cmd == 'prepare':
        cmd_prepare(a)
    elif a.cmd == 'bench':
        for p in a.projects:
            if p not in PROJECTS:
                die('unknown project ' + p)
        cmd_bench(a)
    elif a.cmd == 'bugs':
        for b in a.bugs:
            if b not in BUGS:
                die('unknown bug ' + b)
        cmd_bugs(a)
    elif a.cmd == 'recov':
        cmd_recov(a)
    elif a.cmd == 'table':
        cmd_table(a)
    else:
        for p in PROJECTS:
            print(f'{p:10} {REPOS[p][0]:22} {TARGETS[p]}')
        for b, v in BUGS.items():
            print(f'{b:22} {v["project"]:8} fix {v["fix"][:10]}  {v["what"]}')


if __name__ == '__main__':
    main()
