<?php
// The identity provider's people: user name => password, then their attributes (LDAP names).
$config = [
    'admin' => ['core:AdminPassword'],
    'school-directory' => [
        'exampleauth:UserPass',
        'sara:sara-idp-pass' => [
            'uid' => ['sara'],
            'email' => ['student@demo-schule.example'],
            'givenName' => ['Sara'],
            'sn' => ['Schmidt'],
            'eduPersonAffiliation' => ['student'],
        ],
        'nora:nora-idp-pass' => [
            'uid' => ['nora.neu'],
            'email' => ['nora.neu@schule.example'],
            'givenName' => ['Nora'],
            'sn' => ['Neu'],
            'eduPersonAffiliation' => ['teacher', 'member'],
            'memberOf' => ['5a', 'Schulleitung'],
        ],
        'nobody:nobody-idp-pass' => [
            'uid' => ['nobody'],
            'email' => ['nobody@elsewhere.example'],
            'eduPersonAffiliation' => ['student'],
        ],
    ],
];
