#!/usr/bin/env python3
"""Writes an OPML feed list of N outlines for the import benchmark: feeds spread over 50 folders
(every tenth in a nested folder), on 997 hosts, each with a title; the same file for the same N.

usage: generate_opml.py N PATH"""
import sys


def main():
    count, path = int(sys.argv[1]), sys.argv[2]
    folders = {}
    for i in range(count):
        folders.setdefault(i % 50, []).append(i)
    with open(path, "w", encoding="utf-8") as out:
        out.write('<?xml version="1.0" encoding="UTF-8"?>\n<opml version="2.0">\n'
                  "  <head><title>Import benchmark</title></head>\n  <body>\n")
        for folder, feeds in sorted(folders.items()):
            out.write('    <outline text="Folder %d">\n' % folder)
            nested = [i for i in feeds if i % 10 == 0]
            for i in feeds:
                if i % 10 != 0:
                    out.write('      <outline type="rss" text="Feed %d" xmlUrl="https://host%d.example.org/%d/feed.xml"/>\n'
                              % (i, i % 997, i))
            out.write('      <outline text="Nested %d">\n' % folder)
            for i in nested:
                out.write('        <outline type="rss" text="Feed %d" xmlUrl="https://host%d.example.org/%d/feed.xml"/>\n'
                          % (i, i % 997, i))
            out.write("      </outline>\n    </outline>\n")
        out.write("  </body>\n</opml>\n")


if __name__ == "__main__":
    main()
