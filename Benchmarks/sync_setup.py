#!/usr/bin/env python3
"""Prepares the `sync` benchmark's FreshRSS account (Python standard library only).

    sync_setup.py feeds DIR FEEDS ITEMS      write FEEDS RSS files of ITEMS items each (~1 KB bodies)
    sync_setup.py subscribe GREADER_URL USER PASSWORD URL...
                                             subscribe the account to each URL through the Google
                                             Reader API (FreshRSS fetches each feed at once)
    sync_setup.py rss-urls GREADER_URL USER PASSWORD BASE_URL TOKEN ITEMS
                                             print the URL of FreshRSS's own RSS output of each
                                             subscribed feed (its newest ITEMS items, read with the
                                             user's token), one a line: what newsboat 2.21, which has
                                             no FreshRSS source, can read of the server's items
"""
import datetime, json, os, sys, urllib.parse, urllib.request


def write_feeds(folder, feeds, items):
    os.makedirs(folder, exist_ok=True)
    start = datetime.datetime.now(datetime.timezone.utc) - datetime.timedelta(days=2)
    for f in range(feeds):
        entries = []
        for i in range(items):
            date = (start + datetime.timedelta(minutes=i)).strftime('%a, %d %b %Y %H:%M:%S +0000')
            body = '<p>' + f'Paragraph {i} of feed {f}, with some words to make a body. ' * 16 + '</p>'
            entries.append(f'<item><title>Feed {f} item {i}</title><link>http://127.0.0.1/{f}/{i}.html</link>'
                           f'<guid isPermaLink="false">bench-{f}-{i}</guid><pubDate>{date}</pubDate>'
                           f'<description><![CDATA[{body}]]></description></item>')
        with open(os.path.join(folder, f'feed-{f}.xml'), 'w') as out:
            out.write('<?xml version="1.0" encoding="UTF-8"?>\n<rss version="2.0"><channel>'
                      f'<title>Bench feed {f}</title><link>http://127.0.0.1/{f}/</link>\n'
                      + '\n'.join(entries) + '\n</channel></rss>\n')


def call(url, form=None, auth=None):
    data = urllib.parse.urlencode(form).encode() if form is not None else None
    request = urllib.request.Request(url, data=data)
    if auth:
        request.add_header('Authorization', 'GoogleLogin auth=' + auth)
    with urllib.request.urlopen(request, timeout=300) as answer:
        return answer.read().decode()


def login(endpoint, user, password):
    answer = call(endpoint + '/accounts/ClientLogin', {'Email': user, 'Passwd': password})
    return next(line[5:] for line in answer.splitlines() if line.startswith('Auth='))


def subscribe(endpoint, user, password, urls):
    auth = login(endpoint, user, password)
    token = call(endpoint + '/reader/api/0/token', auth=auth).strip()
    for url in urls:
        answer = json.loads(call(endpoint + '/reader/api/0/subscription/quickadd', {'quickadd': url, 'T': token}, auth))
        if not answer.get('numResults'):
            sys.exit(f'sync_setup.py: FreshRSS could not subscribe to {url}: {answer}')


def rss_urls(endpoint, user, password, base, token, items):
    auth = login(endpoint, user, password)
    listing = json.loads(call(endpoint + '/reader/api/0/subscription/list?output=json', auth=auth))
    for subscription in listing['subscriptions']:
        feed_id = subscription['id'].removeprefix('feed/')
        query = urllib.parse.urlencode({'a': 'rss', 'get': 'f_' + feed_id, 'user': user, 'token': token, 'nb': items})
        print(f'{base}/i/?{query}')


if __name__ == '__main__':
    if len(sys.argv) == 5 and sys.argv[1] == 'feeds':
        write_feeds(sys.argv[2], int(sys.argv[3]), int(sys.argv[4]))
    elif len(sys.argv) >= 6 and sys.argv[1] == 'subscribe':
        subscribe(sys.argv[2], sys.argv[3], sys.argv[4], sys.argv[5:])
    elif len(sys.argv) == 8 and sys.argv[1] == 'rss-urls':
        rss_urls(*sys.argv[2:7], int(sys.argv[7]))
    else:
        sys.exit(__doc__)
