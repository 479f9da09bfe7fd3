<?php
// SimpleSAMLphp (Debian's package) as the SAML identity provider of the sign-in tests; saml-idp.ts copies
// this folder to a temporary one, adds a fresh key pair and the service provider's metadata, and serves it
// with `php -S`. Nothing here is a secret of anything real.
$base = __DIR__ . '/';
$config = [
    'baseurlpath' => '/',
    'certdir' => $base . 'cert/',
    'loggingdir' => $base . 'log/',
    'datadir' => $base . 'data/',
    'tempdir' => $base . 'tmp',
    'secretsalt' => 'aula-test-salt-not-secret-0123456789',
    'auth.adminpassword' => 'aula-test-admin',
    'technicalcontact_email' => 'na@example.org',
    'timezone' => 'UTC',
    'language.default' => 'en',
    'logging.level' => SimpleSAML\Logger::WARNING,
    'logging.handler' => 'file',
    'logging.logfile' => 'simplesamlphp.log',
    'enable.saml20-idp' => true,
    'module.enable' => ['exampleauth' => true, 'core' => true, 'saml' => true, 'admin' => true],
    'store.type' => 'phpsession',
    'session.cookie.secure' => false,
    'session.phpsession.cookiename' => 'AulaTestIdpSession',
    'metadata.sources' => [['type' => 'flatfile', 'directory' => $base . 'metadata']],
    // where a logout started at the provider may end: Aula on loopback, any port
    'trusted.url.regex' => true,
    'trusted.url.domains' => ['127\\.0\\.0\\.1:\\d+'],
];
