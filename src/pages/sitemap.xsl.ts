import type { APIRoute } from 'astro';

export const prerender = false;

/**
 * /sitemap.xsl (issue 19): the sitemaps name it, so a person opening one in a browser reads a table of its
 * files or URLs (with their last change and language versions) instead of raw XML. Search engines ignore it.
 */
const stylesheet = `<?xml version="1.0" encoding="UTF-8"?>
<xsl:stylesheet version="1.0"
  xmlns:xsl="http://www.w3.org/1999/XSL/Transform"
  xmlns:sm="http://www.sitemaps.org/schemas/sitemap/0.9"
  xmlns:xhtml="http://www.w3.org/1999/xhtml"
  exclude-result-prefixes="sm xhtml">
  <xsl:output method="html" encoding="UTF-8" indent="yes"/>
  <xsl:template match="/">
    <html lang="en">
      <head>
        <meta charset="utf-8"/>
        <meta name="viewport" content="width=device-width, initial-scale=1"/>
        <meta name="robots" content="noindex"/>
        <title>Sitemap</title>
        <style>
          body { font: 16px/1.5 system-ui, sans-serif; margin: 2rem; color: #1a1a1a; }
          table { border-collapse: collapse; width: 100%; }
          th, td { text-align: left; padding: .4rem .6rem; border-bottom: 1px solid #d0d0d0; vertical-align: top; }
          a { color: #0b4f8a; }
          .alternates { font-size: .875rem; color: #444; }
        </style>
      </head>
      <body>
        <xsl:choose>
          <xsl:when test="sm:sitemapindex">
            <h1>Sitemap index</h1>
            <p><xsl:value-of select="count(sm:sitemapindex/sm:sitemap)"/> sitemaps</p>
            <table>
              <thead><tr><th scope="col">Sitemap</th><th scope="col">Last change</th></tr></thead>
              <tbody>
                <xsl:for-each select="sm:sitemapindex/sm:sitemap">
                  <tr>
                    <td><a href="{sm:loc}"><xsl:value-of select="sm:loc"/></a></td>
                    <td><xsl:value-of select="sm:lastmod"/></td>
                  </tr>
                </xsl:for-each>
              </tbody>
            </table>
          </xsl:when>
          <xsl:otherwise>
            <h1>Sitemap</h1>
            <p><xsl:value-of select="count(sm:urlset/sm:url)"/> URLs</p>
            <table>
              <thead><tr><th scope="col">Address</th><th scope="col">Last change</th><th scope="col">Languages</th></tr></thead>
              <tbody>
                <xsl:for-each select="sm:urlset/sm:url">
                  <tr>
                    <td><a href="{sm:loc}"><xsl:value-of select="sm:loc"/></a></td>
                    <td><xsl:value-of select="sm:lastmod"/></td>
                    <td class="alternates">
                      <xsl:for-each select="xhtml:link">
                        <a href="{@href}" hreflang="{@hreflang}"><xsl:value-of select="@hreflang"/></a>
                        <xsl:text> </xsl:text>
                      </xsl:for-each>
                    </td>
                  </tr>
                </xsl:for-each>
              </tbody>
            </table>
          </xsl:otherwise>
        </xsl:choose>
      </body>
    </html>
  </xsl:template>
</xsl:stylesheet>
`;

export const GET: APIRoute = () =>
  new Response(stylesheet, {
    headers: { 'Content-Type': 'text/xsl; charset=utf-8', 'Cache-Control': 'public, max-age=3600' },
  });
